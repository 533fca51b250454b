import { useQuery } from '@apollo/client/react';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { OrderStatus } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { BOARD, BOARD_LOCATION } from './board-documents';
import { placedRange, type PlacedDays } from './placed-range';

// What the board lists: the open tab, or a search through every status, within a range of days on the location's
// clock, as many rows as asked for so far. The board's other parts read it and change it through this.

/** The rows a tab shows at first, and how many more each "Show older orders" adds. */
const BOARD_PAGE = 50;

export type BoardList = ReturnType<typeof useBoardList>;

export function useBoardList(accountId: string, locationId: string) {
  // A tab per status in the order an order goes through them, the first open; the list asks for at most the
  // API's largest page.
  const { orderStatuses, maxPageLimit: most } = useHubRules();
  const [tab, setTab] = useState<OrderStatus>(orderStatuses[0]);
  // Older orders of a busy tab (COMPLETED after a dinner service) come by asking for a longer list, not a next
  // page, so a live re-read keeps everything on screen. Another tab starts short again.
  const [shown, setShown] = useState(BOARD_PAGE);
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
  return {
    board,
    listed,
    orderStatuses,
    most,
    tab,
    shown,
    search,
    searched,
    days,
    ranged,
    timeZone,
    listName: searched ? `Orders matching "${searched}"` : `Orders in ${tab}`,
    chooseTab(status: OrderStatus) {
      setTab(status);
      setSearch('');
      setShown(BOARD_PAGE);
    },
    changeSearch(text: string) {
      setSearch(text);
      setShown(BOARD_PAGE);
    },
    changeDays(next: PlacedDays) {
      setDays(next);
      setShown(BOARD_PAGE);
    },
    showOlder() {
      setShown((n) => Math.min(n + BOARD_PAGE, most));
    },
  };
}
