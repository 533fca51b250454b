import type { ApolloClient, InMemoryCache } from '@apollo/client';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { Alert, Badge, Button, Grid, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { codeOf } from '../../components/errors';
import { LiveBadge, useLiveFallback } from '../../components/live';
import { formatMoney } from '../../components/money';
import { ErrorState, EmptyState, LoadingState } from '../../components/states';
import { formatWhen } from '../../components/time';
import { graphql } from '../../gql';
import type { BoardRowFragment, OrderBoardQueryVariables, OrderStatus } from '../../gql/graphql';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { OrderCueSwitch, useOrderCue } from './order-cue';
import { AcceptanceWarning } from './acceptance-warning';
import { ORDER_DETAIL, OrderDetail } from './order-detail';
import { fulfilment, orderName } from './order-facts-format';
import { OrderRowButton } from './order-row-button';
import { PlacedDaysFilter } from './placed-days-filter';
import { placedRange, type PlacedDays } from './placed-range';
import { BusyModeControl } from '../availability/busy-mode-control';
import { useHubRules } from '../../hub-rules';
import { TestOrderButton } from './test-order-button';

// The live order board of a location: a tab per status with its count, the orders in it newest
// first, and an order's detail with the actions the server allows from its status. Pushed by the orderBoard
// subscription (graphql-ws); while the socket is down the board polls instead. Which actions exist and
// every rule behind them come from the server (allowedTransitions, orderCancellationReasons). "Find an order"
// searches every status at once (the order a customer calls about, by its number, reference or their name).

// A fragment: the documents here spread it by name, and codegen reads it from this call (and makes BoardRowFragment).
graphql(`
  fragment BoardRow on Order {
    id
    externalId
    orderNumber
    friendlyId
    customerName
    status
    sourceName
    fulfillmentType
    tableName
    total
    currency
    createdAt
    test
    availabilityWarnings {
      rule
    }
  }
`);

const BOARD = graphql(`
  query OrderBoard(
    $accountId: ID!
    $locationId: ID!
    $status: [OrderStatus!]
    $limit: Int!
    $search: String
    $since: String
    $until: String
  ) {
    orderCounts(accountId: $accountId, locationId: $locationId, since: $since, until: $until) {
      status
      count
    }
    orders(
      accountId: $accountId
      locationId: $locationId
      status: $status
      newestFirst: true
      limit: $limit
      search: $search
      since: $since
      until: $until
    ) {
      data {
        ...BoardRow
      }
      hasNextPage
    }
  }
`);

/** The location's clock, on which the date range's days begin and end. */
const BOARD_LOCATION = graphql(`
  query OrderBoardLocation($accountId: ID!, $locationId: ID!) {
    location(accountId: $accountId, id: $locationId) {
      id
      timezone
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

/** The rows a tab shows at first, and how many more each "Show older orders" adds. */
const BOARD_PAGE = 50;
export function OrderBoard() {
  const { accountId = '', locationId = '' } = useParams();
  // A tab per status in the order an order goes through them, the first open; the list asks for at most the
  // API's largest page.
  const { orderStatuses, maxPageLimit: most } = useHubRules();
  const [tab, setTab] = useState<OrderStatus>(orderStatuses[0]);
  // Older orders of a busy tab (COMPLETED after a dinner service) come by asking for a longer list, not a next
  // page, so a live re-read keeps everything on screen. Another tab starts short again.
  const [shown, setShown] = useState(BOARD_PAGE);
  const [selected, setSelected] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 250);
  const [days, setDays] = useState<PlacedDays>({ from: '', to: '' });
  const timeZone = useQuery(BOARD_LOCATION, { variables: { accountId, locationId } }).data?.location.timezone;
  const range = timeZone ? placedRange(days, timeZone) : { since: null, until: null };
  const ranged = Boolean(range.since || range.until);
  // A search looks through every status; the tabs come back when it is cleared or a tab is chosen. The date
  // range narrows both, and the tabs' counts with them.
  const variables = searched
    ? { accountId, locationId, status: null, limit: shown, search: searched, ...range }
    : { accountId, locationId, status: [tab], limit: shown, ...range };
  const board = useQuery(BOARD, { variables });
  // While the longer list or the next search loads, the last one stays (never another tab's: switching resets `shown`).
  const listed = board.data ?? (shown > BOARD_PAGE || searched ? board.previousData : undefined);
  const listName = searched ? `Orders matching "${searched}"` : `Orders in ${tab}`;
  // The new orders the banner announces, by id with their name, while they are still NEW: one that is accepted
  // (or rejected, or cancelled) here or anywhere else leaves the banner, which goes with the last of them.
  const [arrived, setArrived] = useState<ReadonlyMap<string, string>>(new Map());
  const [changes, setChanges] = useState(0);
  const cue = useOrderCue();
  const client = useApolloClient();
  // Re-reading the tab (and its counts) also lets go of the orders no longer shown: the cache's gc drops them,
  // and resetting its result cache drops the results it memoized for each. Without both, every order that
  // ever passed through the board stays in the tab's memory (measured: about 12 kB an order, bench:board).
  const refresh = useCoalesced(async () => {
    // The open order as well: the event may be its own change (by the POS, the marketplace, another operator),
    // and its detail is read with the history and the actions allowed from where it is now.
    await Promise.all([board.refetch(), selected ? client.refetchQueries({ include: [ORDER_DETAIL] }) : null]);
    (client.cache as InMemoryCache).gc({ resetResultCache: true });
  });
  const events = useSubscription(BOARD_EVENTS, {
    variables: { accountId, locationId },
    onData: ({ data }) => {
      const event = data.data?.orderBoard;
      if (!event) return;
      // A new order is shown from the event itself, at once; the re-read that follows brings the counts.
      if (event.kind === 'CREATED' && !searched && !ranged && event.order?.status === tab)
        showAtOnce(client, { accountId, locationId, status: [tab], limit: shown }, event.order);
      refresh();
      setChanges((n) => n + 1);
      const order = event.order;
      if (!order) return;
      if (event.kind === 'CREATED' && order.status === 'NEW') {
        setArrived((now) => new Map(now).set(order.id, orderName(order).title));
        cue.play();
      } else if (order.status !== 'NEW') {
        setArrived((now) => {
          if (!now.has(order.id)) return now;
          const left = new Map(now);
          left.delete(order.id);
          return left;
        });
      }
    },
  });
  // Polls while the socket is down (README: live updates).
  const live = useLiveFallback(events, board);
  if (codeOf(board.error) === 'not_found') return <NotFound />;

  const counts = new Map(listed?.orderCounts.map((c) => [c.status, c.count]) ?? []);
  return (
    <Stack>
      <LocationCrumbs accountId={accountId} locationId={locationId} here="Order board" />
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Group gap="md">
          <TestOrderButton accountId={accountId} locationId={locationId} />
          <OrderCueSwitch cue={cue} />
          <LiveBadge state={live} />
        </Group>
      </Group>
      <BusyModeControl accountId={accountId} locationId={locationId} />
      <AcceptanceWarning accountId={accountId} locationId={locationId} changes={changes} cue={cue} />
      {arrived.size > 0 && (
        <Alert
          color="teal"
          role="status"
          title={arrived.size === 1 ? 'New order' : `${arrived.size} new orders`}
          withCloseButton
          onClose={() => setArrived(new Map())}
        >
          {arrived.size === 1 ? 'A new order arrived: ' : 'New orders arrived: '}
          {[...arrived.values()].join(', ')}.
        </Alert>
      )}
      {board.error && <ErrorState error={board.error} />}
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Find an order"
          placeholder="Order number, reference or customer name"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setShown(BOARD_PAGE);
          }}
          w={360}
          maw="100%"
        />
        <PlacedDaysFilter
          days={days}
          timeZone={timeZone}
          onChange={(next) => {
            setDays(next);
            setShown(BOARD_PAGE);
          }}
        />
      </Group>
      <Tabs
        value={searched ? null : tab}
        onChange={(value) => {
          if (!value) return;
          setTab(value as OrderStatus);
          setSearch('');
          setShown(BOARD_PAGE);
        }}
      >
        <Tabs.List aria-label="Order statuses">
          {orderStatuses.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {`${status} (${counts.get(status) ?? 0})`}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* The list and the open order side by side on a wide screen, one above the other on a narrow one. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          {board.loading && !listed && <LoadingState label="Loading the orders" />}
          {listed &&
            (listed.orders.data.length === 0 ? (
              <EmptyState>
                {searched
                  ? `No order's number, reference or customer contains "${searched}"${ranged ? ' in these days' : ''}.`
                  : `No order in ${tab}${ranged ? ' placed in these days' : ''}.`}
              </EmptyState>
            ) : (
              // On a phone: order, total and time; the marketplace and how the order leaves where there is room.
              <Table.ScrollContainer minWidth={300}>
                <Table striped highlightOnHover aria-label={listName}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      {searched && <Table.Th>Status</Table.Th>}
                      <Table.Th visibleFrom="sm">Marketplace</Table.Th>
                      <Table.Th visibleFrom="md">Fulfilment</Table.Th>
                      <Table.Th>Total</Table.Th>
                      <Table.Th>Placed</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {listed.orders.data.map((order) => (
                      <Table.Tr key={order.id}>
                        <Table.Td>
                          <OrderRowButton
                            order={order}
                            selected={order.id === selected}
                            onClick={() => setSelected(order.id)}
                          />
                          {order.test && (
                            <Badge color="grape" variant="light" size="sm" ml="xs">
                              Test order
                            </Badge>
                          )}
                          {order.availabilityWarnings.length > 0 && (
                            <Badge color="orange" variant="light" size="sm" ml="xs">
                              Not available when placed
                            </Badge>
                          )}
                        </Table.Td>
                        {searched && (
                          <Table.Td>
                            <Badge variant="light" color="gray">
                              {order.status}
                            </Badge>
                          </Table.Td>
                        )}
                        <Table.Td visibleFrom="sm">{order.sourceName}</Table.Td>
                        <Table.Td visibleFrom="md">{fulfilment(order.fulfillmentType, order.tableName)}</Table.Td>
                        <Table.Td>{formatMoney(order.total, order.currency)}</Table.Td>
                        <Table.Td>{formatWhen(order.createdAt)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ))}
          {listed?.orders.hasNextPage &&
            (shown < most ? (
              <Group mt="sm">
                <Button
                  variant="default"
                  size="xs"
                  loading={board.loading}
                  onClick={() => setShown((n) => Math.min(n + BOARD_PAGE, most))}
                >
                  Show older orders
                </Button>
              </Group>
            ) : (
              <Text size="xs" c="dimmed" mt="sm">
                {searched
                  ? `The ${most} latest matching orders are shown; a longer search narrows them.`
                  : `The ${most} latest orders in ${tab} are shown; the API lists the rest (GET …/orders?status=${tab}).`}
              </Text>
            ))}
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <OrderDetail accountId={accountId} locationId={locationId} orderId={selected} onChanged={refresh} />
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
    return { ...data, orders: { ...data.orders, data: [order, ...data.orders.data].slice(0, variables.limit) } };
  });
}
