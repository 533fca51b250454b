import { Button, Group, Text } from '@mantine/core';
import { EmptyState, LoadingState } from '../../components/states';
import type { BoardList as List } from './board-list-state';
import { BoardTable } from './board-table';

// The board's list as it stands: loading, empty (saying what was looked for), or the orders, with older ones
// asked for in steps up to the API's largest page.

export function BoardList({
  list,
  selected,
  onSelect,
}: {
  list: List;
  selected: string | null;
  onSelect(id: string): void;
}) {
  const { board, listed, searched, ranged, tab } = list;
  return (
    <>
      {board.loading && !listed && <LoadingState label="Loading the orders" />}
      {listed &&
        (listed.orders.data.length === 0 ? (
          <EmptyState>
            {searched
              ? `No order's number, reference or customer contains "${searched}"${ranged ? ' in these days' : ''}.`
              : `No order in ${tab}${ranged ? ' placed in these days' : ''}.`}
          </EmptyState>
        ) : (
          <BoardTable
            orders={listed.orders.data}
            listName={list.listName}
            withStatus={Boolean(searched)}
            timeZone={list.timeZone}
            selected={selected}
            onSelect={onSelect}
          />
        ))}
      {listed?.orders.hasNextPage && <OlderOrders list={list} />}
    </>
  );
}

/** "Show older orders" while the list is shorter than the largest page; past it, where the rest can be read. */
function OlderOrders({ list }: { list: List }) {
  const { shown, most, searched, tab } = list;
  return shown < most ? (
    <Group mt="sm">
      <Button variant="default" size="xs" loading={list.board.loading} onClick={list.showOlder}>
        Show older orders
      </Button>
    </Group>
  ) : (
    <Text size="xs" c="dimmed" mt="sm">
      {searched
        ? `The ${most} latest matching orders are shown; a longer search narrows them.`
        : `The ${most} latest orders in ${tab} are shown; the API lists the rest (GET …/orders?status=${tab}).`}
    </Text>
  );
}
