import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { HomeQuery } from '../../gql/graphql';
import { useViewer, type Viewer } from '../../viewer';
import { DeliveryAlertLines } from '../deliveries/delivery-alerts';
import { GettingStarted } from './getting-started';

// The page after sign-in: while the hub is being set up, the Application Flow as a checklist
// (getting-started.tsx); for an operator, the locations it reaches with what waits there, partners failing
// for longer than the location allows, then new orders and failing deliveries first (the server's `home` query
// orders them), each a click from its board and its delivery log. A summary, not a live screen: it is read again every 15 s while open.

const HOME = graphql(`
  query Home {
    home {
      accountId
      accountName
      locationId
      locationName
      storeStatus
      newOrders
      failingDeliveries
      deliveryAlerts {
        ...DeliveryAlertWords
      }
    }
  }
`);

/** What this role's page is about, in one line. */
const SCOPE_OF: Record<Viewer['role'], string> = {
  admin: 'Every location on the hub.',
  reseller: 'The locations of the accounts you manage.',
  merchant: 'Your locations.',
};

export function HomeScreen() {
  const viewer = useViewer();
  const { data, loading, error } = useQuery(HOME, {
    pollInterval: 15_000,
    fetchPolicy: 'cache-and-network',
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Home</Title>
          <Text c="dimmed">
            {SCOPE_OF[viewer.role]} Those with failing partners, new orders or failing deliveries come first.
          </Text>
        </div>
        <RoleShortcuts viewer={viewer} />
      </Group>
      <GettingStarted />
      {loading && !data && <LoadingState label="Loading your locations" />}
      {error && <ErrorState error={error} />}
      {data &&
        (data.home.length === 0 ? (
          <EmptyState>
            {viewer.permissions.provision
              ? 'No location yet. Create an account and its first location under Accounts.'
              : 'No location has been shared with you yet.'}
          </EmptyState>
        ) : (
          <Locations rows={data.home} />
        ))}
    </Stack>
  );
}

const needsAttention = (r: Row) => r.newOrders > 0 || r.failingDeliveries > 0 || r.deliveryAlerts.length > 0;

/** The count, the failing partners' banner, then the locations: a table on a wide screen, cards on a phone. */
function Locations({ rows }: { rows: readonly Row[] }) {
  const waiting = rows.filter(needsAttention).length;
  return (
    <>
      <Text fw={500} role="status">
        {waiting === 0
          ? 'Nothing is waiting: no new order and no failing delivery.'
          : `${waiting} ${waiting === 1 ? 'location needs' : 'locations need'} attention.`}
      </Text>
      <FailingPartners rows={rows} />
      {/* A table on a wide screen; on a phone one card per location, so nothing hides off to the side. */}
      <Table aria-label="Locations" verticalSpacing="sm" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>Waiting</Table.Th>
            <Table.Th>Open</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.locationId} aria-label={r.locationName}>
              <Table.Td>
                <LocationName row={r} />
              </Table.Td>
              <Table.Td>
                <StoreBadge row={r} />
              </Table.Td>
              <Table.Td>
                <Waiting row={r} />
              </Table.Td>
              <Table.Td>
                <ScreenLinks row={r} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="sm">
        {rows.map((r) => (
          <Paper key={r.locationId} withBorder p="sm" aria-label={r.locationName} role="group">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <LocationName row={r} />
              <StoreBadge row={r} />
            </Group>
            <Group mt="xs" justify="space-between">
              <Waiting row={r} />
              <ScreenLinks row={r} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/**
 * The locations whose partners have been failing for longer than they allow, said before anything else: a
 * kitchen whose POS stopped answering hears of new orders from nobody.
 */
function FailingPartners({ rows }: { rows: readonly Row[] }) {
  const alerting = rows.filter((r) => r.deliveryAlerts.length > 0);
  if (alerting.length === 0) return null;
  return (
    <Alert color="red" title="Deliveries are failing" role="alert">
      <Stack gap={4}>
        {alerting.map((r) => (
          <Group key={r.locationId} gap="xs" align="baseline">
            <Anchor component={Link} to={`${baseOf(r)}/deliveries`} fw={500} size="sm">
              {r.locationName}
            </Anchor>
            <DeliveryAlertLines alerts={r.deliveryAlerts} />
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

type Row = HomeQuery['home'][number];
const baseOf = (r: Row) => `/accounts/${r.accountId}/locations/${r.locationId}`;

function LocationName({ row }: { row: Row }) {
  return (
    <div>
      <Anchor component={Link} to={baseOf(row)} fw={500}>
        {row.locationName}
      </Anchor>
      <Text size="xs" c="dimmed">
        {row.accountName}
      </Text>
    </div>
  );
}

function StoreBadge({ row }: { row: Row }) {
  const paused = row.storeStatus === 'OFFLINE';
  return (
    <Badge variant="light" color={paused ? 'red' : 'teal'}>
      {paused ? 'Paused' : 'Open'}
    </Badge>
  );
}

/** New orders and failing deliveries, loud when there are any, and the partners failing for too long. */
function Waiting({ row }: { row: Row }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge variant={row.newOrders > 0 ? 'filled' : 'light'} color={row.newOrders > 0 ? 'orange' : 'gray'}>
          {row.newOrders} new
        </Badge>
        <Badge
          variant={row.failingDeliveries > 0 ? 'filled' : 'light'}
          color={row.failingDeliveries > 0 ? 'red' : 'gray'}
        >
          {row.failingDeliveries} failing
        </Badge>
      </Group>
      <DeliveryAlertLines alerts={row.deliveryAlerts} />
    </Stack>
  );
}

function ScreenLinks({ row }: { row: Row }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={`${baseOf(row)}/orders`}
        size="xs"
        variant={row.newOrders > 0 ? 'filled' : 'light'}
        aria-label={`Order board of ${row.locationName}`}
      >
        Order board
      </Button>
      <Button
        component={Link}
        to={`${baseOf(row)}/deliveries`}
        size="xs"
        color={row.failingDeliveries > 0 ? 'red' : undefined}
        variant={row.failingDeliveries > 0 ? 'filled' : 'light'}
        aria-label={`Delivery log of ${row.locationName}`}
      >
        Delivery log
      </Button>
    </Group>
  );
}

/** What else each role comes here for, one click away. */
function RoleShortcuts({ viewer }: { viewer: Viewer }) {
  return (
    <Group gap="xs">
      <Button component={Link} to="/accounts" variant="default" size="xs">
        Accounts
      </Button>
      {viewer.permissions.manageApplications && (
        <Button component={Link} to="/applications" variant="default" size="xs">
          Applications
        </Button>
      )}
      {viewer.permissions.manageUsers && (
        <Button component={Link} to="/users" variant="default" size="xs">
          Users
        </Button>
      )}
    </Group>
  );
}
