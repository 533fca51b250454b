import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../components/errors';
import { graphql } from '../../gql';
import { useHubRules } from '../../hub-rules';
import type { PullCatalogMutation } from '../../gql/graphql';
import { useViewer } from '../../viewer';

const POS_CONNECTIONS = graphql(`
  query PosConnections($accountId: ID!, $locationId: ID!, $limit: Int!) {
    availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: $limit) {
      data {
        id
        name
        connected
        connectionId
      }
    }
  }
`);

const PULL_CATALOG = graphql(`
  mutation PullCatalog($accountId: ID!, $locationId: ID!, $connectionId: ID!) {
    pullCatalog(accountId: $accountId, locationId: $locationId, connectionId: $connectionId) {
      categories
      products
      modifiers
      modifierGroups
      taxRates
    }
  }
`);

/** The queries whose answers a catalog sync changes. */
const CATALOG_FIELDS = ['catalog', 'products', 'categories', 'modifiers', 'modifierGroups'];

/** "Sync catalog": the pull through a POS connection of this location; the counts, or the partner's error in words. */
export function CatalogSync({ accountId, locationId }: { accountId: string; locationId: string }) {
  const viewer = useViewer();
  // The POS applications to sync from: all the API lists at once (hubRules.maxPageLimit).
  const limit = useHubRules().maxPageLimit;
  const { data } = useQuery(POS_CONNECTIONS, { variables: { accountId, locationId, limit } });
  const connected = (data?.availableApplications.data ?? []).filter((a) => a.connected && a.connectionId);
  const [chosen, setChosen] = useState<string | null>(null);
  // A sync changes every list of the catalog: they are dropped from the cache, so each list on screen (and the
  // menus' product picker) reads the synced catalog at once instead of showing what it held before.
  const [pull, { loading, error }] = useMutation(PULL_CATALOG, {
    update(cache) {
      for (const fieldName of CATALOG_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
      cache.gc();
    },
  });
  const [result, setResult] = useState<PullCatalogMutation['pullCatalog'] | null>(null);
  if (!viewer.permissions.editCatalog) return null;
  if (data && connected.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Connect a POS application to this location to sync its catalog.
      </Text>
    );
  }
  const connectionId = chosen ?? connected[0]?.connectionId ?? null;

  async function onSync() {
    if (!connectionId) return;
    setResult(null);
    const answer = await pull({ variables: { accountId, locationId, connectionId } }).catch(() => null);
    if (answer?.data) {
      setResult(answer.data.pullCatalog);
    }
  }

  return (
    <>
      <Group align="flex-end">
        {connected.length > 1 && (
          <Select
            label="From POS"
            data={connected.map((c) => ({ value: c.connectionId!, label: c.name }))}
            value={connectionId}
            onChange={setChosen}
            allowDeselect={false}
          />
        )}
        <Button onClick={onSync} loading={loading} disabled={!connectionId}>
          Sync catalog
        </Button>
      </Group>
      {result && (
        <Alert color="teal" role="status" title="Catalog synced">
          {result.products} products, {result.categories} categories, {result.modifiers} modifiers,{' '}
          {result.modifierGroups} modifier groups, {result.taxRates} tax rates.
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="The catalog was not synced">
          {messageOf(error)}
        </Alert>
      )}
    </>
  );
}
