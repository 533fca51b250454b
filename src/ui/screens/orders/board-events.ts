import type { InMemoryCache } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { useCoalesced } from '../../components/coalesced';
import { useLiveFallback } from '../../components/live';
import type { BoardRowFragment } from '../../gql/graphql';
import { BOARD_EVENTS, showAtOnce } from './board-documents';
import type { BoardList } from './board-list-state';
import type { OrderCue } from './order-cue';
import { ORDER_DETAIL } from './order-detail';
import { orderName } from './order-facts-format';

// The board kept live: the orderBoard subscription (graphql-ws) re-reads the list, the counts and the open order
// on every change of the location's orders, shows a new order at once, and keeps the new orders the banner
// announces. While the socket is down the board polls instead (README: live updates).

interface Args {
  accountId: string;
  locationId: string;
  list: BoardList;
  /** The open order's id. */
  selected: string | null;
  cue: OrderCue;
}

export function useBoardEvents({ accountId, locationId, list, selected, cue }: Args) {
  const { board, searched, ranged, tab, shown } = list;
  const arrivals = useArrivals();
  const [changes, setChanges] = useState(0);
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
      if (event.order && arrivals.note(event.kind, event.order)) cue.play();
    },
  });
  const live = useLiveFallback(events, board);
  return { live, refresh, changes, arrived: arrivals.arrived, dismissArrived: arrivals.dismiss };
}

/**
 * The new orders the banner announces, by id with their name, while they are still NEW: one that is accepted
 * (or rejected, or cancelled) here or anywhere else leaves the banner, which goes with the last of them.
 */
function useArrivals() {
  const [arrived, setArrived] = useState<ReadonlyMap<string, string>>(new Map());
  return {
    arrived,
    dismiss: () => setArrived(new Map()),
    /** Notes an order's change; true when it is a new order that just arrived. */
    note(kind: string, order: BoardRowFragment): boolean {
      if (kind === 'CREATED' && order.status === 'NEW') {
        setArrived((now) => new Map(now).set(order.id, orderName(order).title));
        return true;
      }
      if (order.status !== 'NEW')
        setArrived((now) => {
          if (!now.has(order.id)) return now;
          const left = new Map(now);
          left.delete(order.id);
          return left;
        });
      return false;
    },
  };
}
