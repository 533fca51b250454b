import { Alert, Group, Tabs, TextInput } from '@mantine/core';
import type { OrderStatus } from '../../gql/graphql';
import type { BoardList } from './board-list-state';
import { PlacedDaysFilter } from './placed-days-filter';

// What the board lists, chosen: a search through every status, a range of days, and a tab per status with its
// count (the tab shows none while a search is on). And the banner of the new orders not yet moved on.

export function BoardFilters({ list }: { list: BoardList }) {
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Find an order"
        placeholder="Order number, reference or customer name"
        type="search"
        value={list.search}
        onChange={(e) => list.changeSearch(e.currentTarget.value)}
        w={360}
        maw="100%"
      />
      <PlacedDaysFilter days={list.days} timeZone={list.timeZone} onChange={list.changeDays} />
    </Group>
  );
}

export function StatusTabs({ list }: { list: BoardList }) {
  const counts = new Map(list.listed?.orderCounts.map((c) => [c.status, c.count]) ?? []);
  return (
    <Tabs
      value={list.searched ? null : list.tab}
      onChange={(value) => {
        if (value) list.chooseTab(value as OrderStatus);
      }}
    >
      <Tabs.List aria-label="Order statuses">
        {list.orderStatuses.map((status) => (
          <Tabs.Tab key={status} value={status}>
            {`${status} (${counts.get(status) ?? 0})`}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

export function NewOrdersBanner({ arrived, onClose }: { arrived: ReadonlyMap<string, string>; onClose(): void }) {
  if (arrived.size === 0) return null;
  return (
    <Alert
      color="teal"
      role="status"
      title={arrived.size === 1 ? 'New order' : `${arrived.size} new orders`}
      withCloseButton
      onClose={onClose}
    >
      {arrived.size === 1 ? 'A new order arrived: ' : 'New orders arrived: '}
      {[...arrived.values()].join(', ')}.
    </Alert>
  );
}
