import { useQuery } from '@apollo/client/react';
import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../components/crumbs';
import { codeOf } from '../../components/errors';
import { ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import { NotFound } from '../not-found';
import { CatalogTab } from './catalog-tab';
import { ConnectionsTab } from './connections-tab';
import { MenusTab } from '../menus/menus-tab';
import { StoreStatusTab } from '../store-status/store-status-tab';
import { LocationForm } from './location-form';
import { accountTrail } from './location-crumbs';
import { LocationLinks } from './location-links';

export const LOCATION = graphql(`
  query Location($accountId: ID!, $locationId: ID!) {
    account(id: $accountId) {
      id
      name
    }
    location(id: $locationId, accountId: $accountId) {
      ...LocationSettings
    }
  }
`);

const TABS = [
  { value: 'details', label: 'Details and tax rates' },
  { value: 'connections', label: 'Connections' },
  { value: 'catalog', label: 'Catalog' },
  { value: 'menus', label: 'Menus' },
  { value: 'store-status', label: 'Store status' },
];

/** One location: its settings, the applications connected to it, its catalog and menus (SPEC's Application Flow). */
export function LocationScreen() {
  const { accountId = '', locationId = '', tab = 'details' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(LOCATION, { variables: { accountId, locationId } });
  if (codeOf(error) === 'not_found' || !TABS.some((t) => t.value === tab)) return <NotFound />;
  const base = `/accounts/${accountId}/locations/${locationId}`;
  return (
    <Stack>
      <Crumbs trail={[...accountTrail(accountId, data?.account.name), { label: data?.location.name ?? '…' }]} />
      {loading && <LoadingState label="Loading the location" />}
      {error && <ErrorState error={error} />}
      {data && (
        <>
          <Group justify="space-between">
            <Title order={2}>{data.location.name}</Title>
            <LocationLinks accountId={accountId} locationId={locationId} />
          </Group>
          <Tabs value={tab} onChange={(value) => navigate(value === 'details' ? base : `${base}/${value}`)} keepMounted={false}>
            <Tabs.List>
              {TABS.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="details" pt="md">
              <LocationForm accountId={accountId} location={data.location} />
            </Tabs.Panel>
            <Tabs.Panel value="connections" pt="md">
              <ConnectionsTab accountId={accountId} locationId={locationId} />
            </Tabs.Panel>
            <Tabs.Panel value="catalog" pt="md">
              <CatalogTab accountId={accountId} locationId={locationId} />
            </Tabs.Panel>
            <Tabs.Panel value="menus" pt="md">
              <MenusTab accountId={accountId} locationId={locationId} />
            </Tabs.Panel>
            <Tabs.Panel value="store-status" pt="md">
              <StoreStatusTab accountId={accountId} locationId={locationId} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
