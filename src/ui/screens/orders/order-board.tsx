import type { ApolloClient, InMemoryCache } from '@apollo/client';
import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Alert, Button, Grid, Group, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { codeOf } from '../../components/errors';
import { LiveBadge, useLiveFallback } from '../../components/live';
import { formatMoney } from '../../components/money';
import { ErrorState, EmptyState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { BoardRowFragment, OrderBoardQueryVariables, OrderStatus } from '../../gql/graphql';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { OrderCueSwitch, useOrderCue } from './order-cue';
import { TransitionRefused, type Refusal } from './transition-refused';

// The live order board of a location (issue 13): a tab per status with its count, the orders in it newest
// first, and an order's detail with the actions the server allows from its status. Pushed by the orderBoard
// subscription (graphql-ws); while the socket is down the board polls instead. Which actions exist and
// every rule behind them come from the server (allowedTransitions, orderCancellationReasons).

const BOARD_ROW = graphql(`
  fragment BoardRow on Order {
    id
    externalId
    status
    sourceName
    total
    currency
    createdAt
  }
`);

const BOARD = graphql(`
  query OrderBoard($accountId: ID!, $locationId: ID!, $status: [OrderStatus!]) {
    orderCounts(accountId: $accountId, locationId: $locationId) {
      status
      count
    }
    orders(accountId: $accountId, locationId: $locationId, status: $status, newestFirst: true, limit: 50) {
      data {
        ...BoardRow
      }
    }
  }
`);

const BOARD_EVENTS = graphql(`
  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {
    orderBoard(accountId: $accountId, locationId: $locationId) {
      kind
      order {
        ...BoardRow
        allowedTransitions
      }
    }
  }
`);

const ORDER = graphql(`
  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {
    order(accountId: $accountId, locationId: $locationId, id: $id) {
      id
      externalId
      status
      sourceName
      total
      currency
      allowedTransitions
      items {
        name
        quantity
        price
        taxRateIds
        options {
          name
          price
          taxRateIds
        }
      }
      location {
        taxRates {
          posReference
          name
          rate
          type
        }
      }
      statusHistory {
        status
        at
        by
        byName
        reason
      }
    }
    orderCancellationReasons
  }
`);

const CHANGE_STATUS = graphql(`
  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {
    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {
      id
      status
      allowedTransitions
    }
  }
`);

/** What a status change is called on its button. */
const ACTION_OF: Record<string, string> = {
  ACCEPTED: 'Accept',
  REJECTED: 'Reject',
  PREPARING: 'Start preparing',
  READY: 'Mark ready',
  COMPLETED: 'Complete',
  CANCELLED: 'Cancel order',
};

/** The rows a tab shows: the query's limit. */
const BOARD_PAGE = 50;

const STATUSES: OrderStatus[] = ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETED', 'REJECTED', 'CANCELLED'] as OrderStatus[];

export function OrderBoard() {
  const { accountId = '', locationId = '' } = useParams();
  const [tab, setTab] = useState<OrderStatus>('NEW' as OrderStatus);
  const [selected, setSelected] = useState<string | null>(null);
  const board = useQuery(BOARD, { variables: { accountId, locationId, status: [tab] } });
  const [arrived, setArrived] = useState(0);
  const cue = useOrderCue();
  const client = useApolloClient();
  // Re-reading the tab (and its counts) also lets go of the orders no longer shown: the cache's gc drops them,
  // and resetting its result cache drops the results it memoized for each. Without both, every order that
  // ever passed through the board stays in the tab's memory (measured: about 12 kB an order, bench:board).
  const refresh = useCoalesced(async () => {
    await board.refetch();
    (client.cache as InMemoryCache).gc({ resetResultCache: true });
  });
  const events = useSubscription(BOARD_EVENTS, {
    variables: { accountId, locationId },
    onData: ({ data }) => {
      const event = data.data?.orderBoard;
      if (!event) return;
      // A new order is shown from the event itself, at once; the re-read that follows brings the counts.
      if (event.kind === 'CREATED' && event.order?.status === tab) showAtOnce(client, { accountId, locationId, status: [tab] }, event.order);
      refresh();
      if (event.kind === 'CREATED') {
        setArrived((n) => n + 1);
        cue.play();
      }
    },
  });
  // Polls while the socket is down (README: live updates).
  const live = useLiveFallback(events, board);
  if (codeOf(board.error) === 'not_found') return <NotFound />;

  const counts = new Map(board.data?.orderCounts.map((c) => [c.status, c.count]) ?? []);
  return (
    <Stack>
      <LocationCrumbs accountId={accountId} locationId={locationId} here="Order board" />
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Group gap="md">
          <OrderCueSwitch cue={cue} />
          <LiveBadge state={live} />
        </Group>
      </Group>
      {arrived > 0 && (
        <Alert color="teal" role="status" title="New order" withCloseButton onClose={() => setArrived(0)}>
          {arrived === 1 ? 'A new order arrived.' : `${arrived} new orders arrived.`}
        </Alert>
      )}
      {board.error && <ErrorState error={board.error} />}
      <Tabs value={tab} onChange={(value) => value && setTab(value as OrderStatus)}>
        <Tabs.List aria-label="Order statuses">
          {STATUSES.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {`${status} (${counts.get(status) ?? 0})`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* The list and the open order side by side on a wide screen, one above the other on a narrow one. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          {board.loading && !board.data && <LoadingState label="Loading the orders" />}
          {board.data &&
            (board.data.orders.data.length === 0 ? (
              <EmptyState>No order in {tab}.</EmptyState>
            ) : (
              // On a phone: order, total and time; the marketplace where there is room.
              <Table.ScrollContainer minWidth={300}>
                <Table striped highlightOnHover aria-label={`Orders in ${tab}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      <Table.Th visibleFrom="sm">Marketplace</Table.Th>
                      <Table.Th>Total</Table.Th>
                      <Table.Th>Placed</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {board.data.orders.data.map((order) => (
                      <Table.Tr key={order.id}>
                        <Table.Td>
                          <Button variant={order.id === selected ? 'light' : 'subtle'} onClick={() => setSelected(order.id)}>
                            {order.externalId}
                          </Button>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{order.sourceName}</Table.Td>
                        <Table.Td>{formatMoney(order.total, order.currency)}</Table.Td>
                        <Table.Td>{new Date(order.createdAt).toLocaleTimeString()}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ))}
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <OrderDetail accountId={accountId} locationId={locationId} orderId={selected} onChanged={() => void board.refetch()} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

/** Puts a new order at the top of the open tab's list in the cache, as the next read of the tab would. */
function showAtOnce(client: ApolloClient, variables: OrderBoardQueryVariables, order: BoardRowFragment): void {
  client.cache.updateQuery({ query: BOARD, variables }, (data) => {
    if (!data || data.orders.data.some((o) => o.id === order.id)) return data;
    return { ...data, orders: { ...data.orders, data: [order, ...data.orders.data].slice(0, BOARD_PAGE) } };
  });
}

function OrderDetail({ accountId, locationId, orderId, onChanged }: { accountId: string; locationId: string; orderId: string; onChanged: () => void }) {
  const { data, loading, error, refetch } = useQuery(ORDER, { variables: { accountId, locationId, id: orderId } });
  const [change, changing] = useMutation(CHANGE_STATUS);
  const [reason, setReason] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (loading && !data) return <LoadingState label="Loading the order" />;
  if (error) return <ErrorState error={error} />;
  if (!data) return null;
  const order = data.order;
  const needsReason = (status: string) => status === 'CANCELLED' || status === 'REJECTED';

  async function move(status: string) {
    const input = { status, ...(needsReason(status) && reason ? { cancellationReason: reason } : {}) };
    setRefusal(null);
    const result = await change({ variables: { accountId, locationId, id: orderId, input } }).catch((error: unknown) => {
      if (codeOf(error) === 'invalid_transition') setRefusal({ action: ACTION_OF[status] ?? status, from: order.status, error });
      return null;
    });
    await refetch();
    if (result?.data) onChanged();
  }

  return (
    <Stack component="section" aria-label={`Order ${order.externalId}`}>
      <Title order={3}>Order {order.externalId}</Title>
      <Text>
        Status: <strong>{order.status}</strong> · from {order.sourceName} · total {formatMoney(order.total, order.currency)}
      </Text>
      {refusal ? <TransitionRefused refusal={refusal} order={order} /> : changing.error && <ErrorState error={changing.error} title="The status was not changed" />}
      {/* Names and references without spaces wrap anywhere rather than push past a phone's width. */}
      <Table aria-label="Lines" style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Tax rates</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {item.name}
                {item.options.map((o) => ` + ${o.name}`).join('')}
              </Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{formatMoney(item.price, order.currency)}</Table.Td>
              <Table.Td>{item.taxRateIds.join(', ') || 'none'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Location tax rates: {order.location.taxRates.map((r) => `${r.posReference} ${r.name}`).join('; ') || 'none'}
      </Text>
      {order.allowedTransitions.some(needsReason) && (
        <Select label="Cancellation reason" placeholder="Choose a reason" data={data.orderCancellationReasons} value={reason} onChange={setReason} w={260} />
      )}
      <Group>
        {order.allowedTransitions.map((status) => (
          <Button key={status} color={needsReason(status) ? 'red' : undefined} loading={changing.loading} onClick={() => void move(status)}>
            {ACTION_OF[status] ?? status}
          </Button>
        ))}
        {order.allowedTransitions.length === 0 && <Text c="dimmed">No further status change is possible.</Text>}
      </Group>
      <Table aria-label="Status history" style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.statusHistory.map((change, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {change.status}
                {change.reason ? ` (${change.reason})` : ''}
              </Table.Td>
              <Table.Td>{new Date(change.at).toLocaleString()}</Table.Td>
              <Table.Td>{change.byName ? `${change.byName} (${change.by})` : change.by}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
