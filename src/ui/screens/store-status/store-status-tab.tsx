import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Badge, Button, ColorSwatch, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { LiveBadge, useLiveFallback } from '../../components/live';
import { usePhone } from '../../components/phone';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatRelative, formatWhenIn, useNow } from '../../components/time';
import type { StoreStatusFieldsFragment } from '../../gql/graphql';
import { useViewer } from '../../viewer';
import { PauseForm } from './pause-form';
import { OpenStateLine } from '../availability/open-state';
import { SET_STORE_STATUS, STORE_STATUS, STORE_STATUS_EVENTS } from './store-status-documents';
import { notifyFailure } from '../../components/notify';
import { attemptsLabel } from '../deliveries/delivery-status';

// Store status per location: open or paused, a pause that ends by itself at a set time,
// and for each connected marketplace the last status sent to it and whether it received it. Kept live by the
// storeStatusChanged subscription (the automatic reopening and each marketplace's answer show without a
// reload); polled while the socket is down.

type Ids = { accountId: string; locationId: string };

export function StoreStatusTab({ accountId, locationId }: Ids) {
  const viewer = useViewer();
  const query = useQuery(STORE_STATUS, {
    variables: { accountId, locationId },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = useCoalesced(() => query.refetch());
  const events = useSubscription(STORE_STATUS_EVENTS, {
    variables: { accountId, locationId },
    onData: () => refresh(),
  });
  const live = useLiveFallback(events, query);
  const [reopen, reopening] = useMutation(SET_STORE_STATUS, {
    refetchQueries: [STORE_STATUS],
  });
  const now = useNow();
  const status = query.data?.storeStatus;
  // The location's times on its own clock, labelled when the browser's is another.
  const timeZone = query.data?.location.timezone ?? 'UTC';
  const when = (iso: string) => formatWhenIn(iso, timeZone);

  if (query.error && !status) return <ErrorState error={query.error} />;
  if (!status) return <LoadingState label="Loading the store status" />;
  const paused = status.storeStatus === 'OFFLINE';
  const open = status.availability.state === 'OPEN';
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="sm">
              <ColorSwatch
                color={`var(--mantine-color-${paused ? 'red' : open ? 'teal' : 'gray'}-6)`}
                size={16}
                aria-hidden
              />
              <Title order={3}>
                {paused ? 'The store is paused' : open ? 'The store is open' : 'The store is closed'}
              </Title>
            </Group>
            <LiveBadge state={live} />
          </Group>
          {paused ? (
            <Text>
              {status.closedUntil
                ? `Reopens by itself at ${when(status.closedUntil)} (${formatRelative(status.closedUntil, now)}).`
                : 'Stays paused until someone reopens it.'}
              {status.closedReason && ` Reason: ${status.closedReason}.`}
              {status.closedReasonNotes && ` ${status.closedReasonNotes}`}
            </Text>
          ) : (
            open && <Text c="dimmed">Marketplaces take orders for this location.</Text>
          )}
          <OpenStateLine availability={status.availability} busyMode={status.busyMode} when={when} />
          {viewer.permissions.editLocations &&
            (paused ? (
              <Group>
                <Button
                  loading={reopening.loading}
                  onClick={() =>
                    reopen({
                      variables: {
                        accountId,
                        locationId,
                        input: { storeStatus: 'ONLINE' },
                      },
                    }).catch(notifyFailure)
                  }
                >
                  Reopen now
                </Button>
              </Group>
            ) : (
              <PauseForm accountId={accountId} locationId={locationId} />
            ))}
        </Stack>
      </Paper>
      <Title order={3}>Marketplaces</Title>
      <MarketplaceOutcomes ids={{ accountId, locationId }} marketplaces={status.marketplaces} when={when} />
    </Stack>
  );
}

const RECEIVED: Record<string, { color: string; label: string }> = {
  DELIVERED: { color: 'teal', label: 'Received' },
  FAILED: { color: 'red', label: 'Not received' },
  PENDING: { color: 'gray', label: 'Sending' },
  DELIVERING: { color: 'blue', label: 'Sending' },
};

type Marketplace = StoreStatusFieldsFragment['marketplaces'][number];

/** What was last sent to each marketplace; on a phone the status and its outcome go under the name. */
function MarketplaceOutcomes({
  ids,
  marketplaces,
  when,
}: {
  ids: Ids;
  marketplaces: Marketplace[];
  /** A time on the location's clock. */
  when: (iso: string) => string;
}) {
  const phone = usePhone();
  if (marketplaces.length === 0)
    return <EmptyState>No marketplace with a store status URL is connected here: the status goes nowhere.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table aria-label="Marketplaces told" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Marketplace</Table.Th>
            {!phone && <Table.Th>Last sent</Table.Th>}
            {!phone && <Table.Th>Received</Table.Th>}
            <Table.Th visibleFrom="sm">Sent</Table.Th>
            <Table.Th visibleFrom="sm">Received at</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {marketplaces.map((m) => {
            const lastSent = m.storeStatus ? (
              m.storeStatus === 'OFFLINE' ? (
                'Paused'
              ) : (
                'Open'
              )
            ) : (
              <Text c="dimmed">Nothing sent yet</Text>
            );
            return (
              <Table.Tr key={m.connectionId}>
                {phone ? (
                  <Table.Td>
                    <Text fw={500}>{m.applicationName}</Text>
                    <Text size="sm">{lastSent}</Text>
                    <Outcome ids={ids} marketplace={m} />
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{m.applicationName}</Table.Td>
                    <Table.Td>{lastSent}</Table.Td>
                    <Table.Td>
                      <Outcome ids={ids} marketplace={m} />
                    </Table.Td>
                  </>
                )}
                <Table.Td visibleFrom="sm">{m.sentAt ? when(m.sentAt) : '—'}</Table.Td>
                <Table.Td visibleFrom="sm">{m.deliveredAt ? when(m.deliveredAt) : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Whether the marketplace received the last status: the outcome, the attempts, its error, a link to the delivery. */
function Outcome({ ids, marketplace: m }: { ids: Ids; marketplace: Marketplace }) {
  const look = m.status ? RECEIVED[m.status] : null;
  return (
    <>
      {look && (
        <Badge color={look.color} variant="light">
          {m.status === 'PENDING' && m.attempts > 0 ? 'Retrying' : look.label}
        </Badge>
      )}
      {m.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {attemptsLabel(m.attempts)}
        </Text>
      )}
      {m.lastError && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {m.lastError}
        </Text>
      )}
      {m.deliveryId && (
        <Anchor
          component={Link}
          size="xs"
          display="block"
          to={`/accounts/${ids.accountId}/locations/${ids.locationId}/deliveries?delivery=${m.deliveryId}`}
        >
          Open the delivery
        </Anchor>
      )}
    </>
  );
}
