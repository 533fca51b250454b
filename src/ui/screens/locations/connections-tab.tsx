import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButton } from '../../components/confirm-button';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { LocationConnectionsQuery } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { useViewer } from '../../viewer';
import { notifyDone, notifyFailure } from '../../components/notify';
import { ChangeCredentialsForm, CredentialsForm } from './connection-credentials';
import { SandboxReceipts } from './sandbox-receipts';

// A page of the applications, and the credentials (masked) of every connection of the location: as many as the API
// lists at once (hubRules.maxPageLimit), one connection an application at most.
const CONNECTIONS = graphql(`
  query LocationConnections($accountId: ID!, $locationId: ID!, $nextPageKey: String, $most: Int!) {
    availableApplications(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {
      data {
        id
        kind
        name
        clientId
        redirectUris
        connected
        connectionId
      }
      nextPageKey
    }
    connections(accountId: $accountId, locationId: $locationId, limit: $most) {
      data {
        id
        status
        credentials
      }
    }
  }
`);

const CONNECT = graphql(`
  mutation Connect($accountId: ID!, $locationId: ID!, $input: ConnectInput!) {
    connect(accountId: $accountId, locationId: $locationId, input: $input) {
      id
    }
  }
`);

const DISCONNECT = graphql(`
  mutation Disconnect($accountId: ID!, $locationId: ID!, $id: ID!) {
    disconnect(accountId: $accountId, locationId: $locationId, id: $id) {
      id
    }
  }
`);

/**
 * "Open": the browser goes through the hub's /oauth2/authorize for that application, which signs the operator
 * in, asks for consent with this location chosen, and lands on the application's redirect URI with the code.
 */
function authorizeUrl(app: { clientId: string; redirectUris: string[] }, locationId: string): string {
  const state = crypto.getRandomValues(new Uint32Array(4)).join('');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUris[0] ?? '',
    state,
    location_id: locationId,
  });
  return `/oauth2/authorize?${params}`;
}

type Application = LocationConnectionsQuery['availableApplications']['data'][number];
type Named = { id: string; name: string };

export function ConnectionsTab({ accountId, locationId }: { accountId: string; locationId: string }) {
  const cursor = useCursor();
  const { maxPageLimit } = useHubRules();
  const { data, loading, error, refetch } = useQuery(CONNECTIONS, {
    variables: { accountId, locationId, nextPageKey: cursor.pageKey, most: maxPageLimit },
  });
  const [connecting, setConnecting] = useState<Named | null>(null);
  const [changing, setChanging] = useState<Named | null>(null);

  if (loading) return <LoadingState label="Loading applications" />;
  if (error || !data) return <ErrorState error={error} />;
  const credentialsOf = new Map(data.connections.data.map((c) => [c.id, c.credentials]));
  const apps = data.availableApplications.data;
  const ids = { accountId, locationId };
  const actions: RowActions = { ...ids, onConnect: setConnecting, onChange: setChanging, refetch };
  return (
    <Stack>
      {apps.length === 0 && <EmptyState>No POS or marketplace application is registered yet.</EmptyState>}
      {apps.length > 0 && (
        // On a phone the kind goes under the name and the (masked) credentials wait for a wider screen: the status and the actions stay in view.
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Applications at this location" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Application</Table.Th>
                <Table.Th visibleFrom="sm">Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th visibleFrom="sm">Credentials</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {apps.map((app) => (
                <ApplicationRow
                  key={app.id}
                  app={app}
                  credentials={app.connectionId ? credentialsOf.get(app.connectionId) : null}
                  actions={actions}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={data.availableApplications.nextPageKey} label="Applications" />
      <SandboxReceipts accountId={accountId} locationId={locationId} />
      <Modal
        opened={connecting !== null}
        onClose={() => setConnecting(null)}
        title={connecting ? `Connect ${connecting.name}` : ''}
      >
        {connecting && (
          <ConnectForm
            {...ids}
            application={connecting}
            onDone={async () => {
              setConnecting(null);
              await refetch();
            }}
          />
        )}
      </Modal>
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={changing ? `Credentials of ${changing.name}` : ''}
      >
        {changing && (
          <ChangeCredentialsForm
            {...ids}
            connection={changing}
            onDone={async () => {
              setChanging(null);
              await refetch();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** What a row's buttons do: open the connect or credentials dialog, or disconnect and read the list again. */
interface RowActions {
  accountId: string;
  locationId: string;
  onConnect(app: Named): void;
  onChange(connection: Named): void;
  refetch(): Promise<unknown>;
}

function ApplicationRow({
  app,
  credentials,
  actions,
}: {
  app: Application;
  credentials: Record<string, unknown> | null | undefined;
  actions: RowActions;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        {app.name}
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {app.kind}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{app.kind}</Table.Td>
      <Table.Td>
        <Badge color={app.connected ? 'teal' : 'gray'}>{app.connected ? 'Connected' : 'Not connected'}</Badge>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {credentials ? (
          <Code>
            {Object.entries(credentials)
              .map(([k, v]) => `${k}: ${String(v)}`)
              .join(', ')}
          </Code>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <ApplicationActions app={app} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Open (an authorization through the hub), and for who manages connections: connect, change credentials, disconnect. */
function ApplicationActions({ app, actions }: { app: Application; actions: RowActions }) {
  const manage = useViewer().permissions.manageConnections;
  const [disconnect, disconnecting] = useMutation(DISCONNECT);
  const { accountId, locationId } = actions;
  return (
    <Group gap="xs">
      {app.connected && app.redirectUris.length > 0 && (
        <Button
          component="a"
          href={authorizeUrl(app, locationId)}
          size="xs"
          variant="light"
          aria-label={`Open ${app.name}`}
        >
          Open
        </Button>
      )}
      {manage && !app.connected && (
        <Button
          size="xs"
          onClick={() => actions.onConnect({ id: app.id, name: app.name })}
          aria-label={`Connect ${app.name}`}
        >
          Connect
        </Button>
      )}
      {manage && app.connected && app.connectionId && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => actions.onChange({ id: app.connectionId!, name: app.name })}
          aria-label={`Change credentials of ${app.name}`}
        >
          Change credentials
        </Button>
      )}
      {manage && app.connected && app.connectionId && (
        <ConfirmButton
          size="xs"
          color="red"
          variant="subtle"
          label="Disconnect"
          aria-label={`Disconnect ${app.name}`}
          title={`Disconnect ${app.name}?`}
          message={`${app.name} loses this location at once: no more orders or catalog calls through this connection.`}
          confirmLabel="Disconnect"
          loading={disconnecting.loading}
          onConfirm={async () => {
            await disconnect({ variables: { accountId, locationId, id: app.connectionId! } }).catch(notifyFailure);
            await actions.refetch();
          }}
        />
      )}
    </Group>
  );
}

/** The connection's credentials at the partner (key and value pairs), stored encrypted and masked afterwards. */
function ConnectForm({
  accountId,
  locationId,
  application,
  onDone,
}: {
  accountId: string;
  locationId: string;
  application: { id: string; name: string };
  onDone: () => Promise<void>;
}) {
  const [connect, { loading, error }] = useMutation(CONNECT);

  async function onSubmit(credentials: Record<string, string> | null) {
    const input = { applicationId: application.id, ...(credentials ? { credentials } : {}) };
    const result = await connect({ variables: { accountId, locationId, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`${application.name} connected`);
    await onDone();
  }

  return (
    <CredentialsForm
      intro="The credentials this location uses at the partner (optional). They are stored encrypted and shown masked afterwards."
      submitLabel="Connect"
      loading={loading}
      error={error}
      onSubmit={onSubmit}
    />
  );
}
