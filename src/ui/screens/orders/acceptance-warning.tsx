import { useQuery } from '@apollo/client/react';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatWhen, formatWhenIn, useNow } from '../../components/time';
import { graphql } from '../../gql';
import { useHubRules } from '../../hub-rules';
import type { OrderCue } from './order-cue';
import { orderName } from './order-facts-format';

// The board's warning before an order misses its acceptance deadline (docs/acceptance-deadline.md): the NEW
// orders that carry an acceptBy, read from the server, and from the second half of each one's time on, a banner
// that names it and counts down, with the sound once for each order that enters it. An order still NEW past its
// deadline stays in the banner, in red, until someone answers it. "Silence" stops the sound for the orders
// warned about so far; a later order sounds again.

const WAITING = graphql(`
  query OrdersWaitingToBeAccepted($accountId: ID!, $locationId: ID!, $limit: Int!) {
    orders(accountId: $accountId, locationId: $locationId, status: [NEW], limit: $limit) {
      data {
        id
        externalId
        orderNumber
        friendlyId
        customerName
        sourceName
        createdAt
        acceptBy
        overdueAt
      }
    }
    orderSettings(accountId: $accountId, locationId: $locationId) {
      afterDeadline
    }
  }
`);

/** What the banner says happens at the deadline. */
const THEN = { NOTHING: '', REJECT: ', then the hub rejects it', ACCEPT: ', then the hub accepts it' } as const;

/** How often the countdown moves. */
const TICK_MS = 1000;

function left(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function AcceptanceWarning({
  accountId,
  locationId,
  changes,
  cue,
  timeZone,
}: {
  accountId: string;
  locationId: string;
  /** Counts the board's live events: each one reads the waiting orders again. */
  changes: number;
  cue: OrderCue;
  /** The location's, on whose clock a deadline is shown (the browser's until it is read). */
  timeZone: string | undefined;
}) {
  // The NEW orders, as many as the API lists at once (hubRules.maxPageLimit).
  const limit = useHubRules().maxPageLimit;
  const waiting = useQuery(WAITING, { variables: { accountId, locationId, limit }, pollInterval: 30_000 });
  const { refetch } = waiting;
  useEffect(() => {
    if (changes > 0) void refetch();
  }, [changes, refetch]);
  const now = useNow(TICK_MS);
  const [silenced, setSilenced] = useState<ReadonlySet<string>>(new Set());
  const sounded = useRef(new Set<string>());
  const warned = (waiting.data?.orders.data ?? []).flatMap((order) => {
    if (!order.acceptBy) return [];
    const due = Date.parse(order.acceptBy);
    const half = (due - Date.parse(order.createdAt)) / 2;
    return now >= due - half || order.overdueAt ? [{ ...order, remaining: due - now }] : [];
  });
  const fresh = warned.filter((o) => !sounded.current.has(o.id) && !silenced.has(o.id));
  useEffect(() => {
    if (fresh.length === 0) return;
    for (const order of fresh) sounded.current.add(order.id);
    cue.warn();
  }, [fresh, cue]);
  if (warned.length === 0) return null;
  const overdue = warned.filter((o) => o.overdueAt || o.remaining <= 0);
  const allSilenced = warned.every((o) => silenced.has(o.id));
  const then = THEN[waiting.data?.orderSettings.afterDeadline ?? 'NOTHING'];
  return (
    <Alert
      color={overdue.length > 0 ? 'red' : 'orange'}
      role="alert"
      title={overdue.length > 0 ? 'Orders not accepted in time' : 'Orders to accept now'}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <List size="sm" spacing={2}>
          {warned.map((order) => (
            <List.Item key={order.id}>
              <Text size="sm" span fw={600}>
                {orderName(order).title}
              </Text>{' '}
              <Text size="sm" span>
                from {order.sourceName}
                {order.overdueAt || order.remaining <= 0
                  ? `: not accepted in time (due ${timeZone ? formatWhenIn(order.acceptBy!, timeZone) : formatWhen(order.acceptBy!)})`
                  : `: ${left(order.remaining)} left to accept${then}`}
              </Text>
            </List.Item>
          ))}
        </List>
        <Button
          size="xs"
          variant="default"
          disabled={allSilenced}
          onClick={() => setSilenced(new Set(warned.map((o) => o.id)))}
        >
          {allSilenced ? 'Silenced' : 'Silence'}
        </Button>
      </Group>
    </Alert>
  );
}
