import { useMutation } from '@apollo/client/react';
import { ActionIcon, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../components/money';
import { usePhone } from '../../components/phone';
import { EmptyState } from '../../components/states';
import type { MenuItemRowFragment } from '../../gql/graphql';
import { DELETE_MENU_ITEM, MENU, REORDER_MENU_ITEMS, UPDATE_MENU_ITEM } from './menu-documents';
import { EntryName } from './entry-name';
import { OverrideActions } from './override-actions';
import { TaxOverrideDialog } from './tax-override-dialog';
import { overriddenRowStyle, TaxRatesCell } from './tax-rates-cell';
import { notifyFailure } from '../../components/notify';

interface Props {
  ids: { accountId: string; locationId: string; menuId: string };
  items: MenuItemRowFragment[];
  currency: string;
  taxRates: { posReference: string; name: string }[];
  editable: boolean;
}

type Ids = Props['ids'];

/** The menu's items in menu order: move, override or clear tax rates, remove. Out-of-stock items are marked. */
export function MenuItems({ ids, items, currency, taxRates, editable }: Props) {
  const [overriding, setOverriding] = useState<MenuItemRowFragment | null>(null);
  const [reorder, reordering] = useMutation(REORDER_MENU_ITEMS);
  const namesOf = new Map(taxRates.map((r) => [r.posReference, r.name]));
  const phone = usePhone();

  const move = (index: number, by: -1 | 1) => {
    const order = items.map((i) => i.id);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    reorder({ variables: { ...ids, itemIds: order } }).catch(notifyFailure);
  };

  if (items.length === 0)
    return (
      <EmptyState>
        This menu has no items yet.
        {editable ? ' Search the catalog above and add products.' : ''}
      </EmptyState>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={340}>
        <Table aria-label="Menu items" verticalSpacing="sm" aria-busy={reordering.loading}>
          <Table.Thead>
            <Table.Tr>
              {editable && <Table.Th w={48}>Order</Table.Th>}
              <Table.Th>Item</Table.Th>
              <Table.Th visibleFrom="sm">Price</Table.Th>
              {!phone && <Table.Th>Tax rates</Table.Th>}
              <Table.Th visibleFrom="md">Modifier groups</Table.Th>
              {editable && <Table.Th visibleFrom="sm">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              <MenuItemRow
                key={item.id}
                {...{ ids, item, currency, namesOf, editable, phone }}
                onOverride={() => setOverriding(item)}
                move={
                  <MoveButtons
                    name={item.name}
                    first={index === 0}
                    last={index === items.length - 1}
                    busy={reordering.loading}
                    onMove={(by) => move(index, by)}
                  />
                }
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TaxOverrideDialog
        kind="item"
        ids={ids}
        entry={overriding}
        taxRates={taxRates}
        onClose={() => setOverriding(null)}
      />
    </>
  );
}

interface RowProps {
  ids: Ids;
  item: MenuItemRowFragment;
  currency: string;
  namesOf: Map<string, string>;
  editable: boolean;
  phone: boolean;
  onOverride(): void;
  /** The item's ↑ and ↓. */
  move: ReactNode;
}

function MenuItemRow({ ids, item, currency, namesOf, editable, phone, onOverride, move }: RowProps) {
  // The actions beside the item on a wide screen, under its name on a phone (so none hides off the side).
  const actions = editable && <ItemActions ids={ids} item={item} onOverride={onOverride} />;
  return (
    <Table.Tr
      aria-label={item.name}
      data-out-of-stock={!item.show_online || undefined}
      style={overriddenRowStyle(item)}
    >
      {editable && <Table.Td>{move}</Table.Td>}
      <Table.Td>
        <EntryName entry={item} currency={currency} namesOf={namesOf} phone={phone} struck>
          {actions && (
            <Box hiddenFrom="sm" mt={4}>
              {actions}
            </Box>
          )}
        </EntryName>
      </Table.Td>
      <Table.Td visibleFrom="sm">{formatMoney(item.price, currency)}</Table.Td>
      {!phone && (
        <Table.Td>
          <TaxRatesCell entry={item} namesOf={namesOf} />
        </Table.Td>
      )}
      <Table.Td visibleFrom="md">
        {item.modifierGroups.length ? item.modifierGroups.join(', ') : <Text c="dimmed">none</Text>}
      </Table.Td>
      {actions && <Table.Td visibleFrom="sm">{actions}</Table.Td>}
    </Table.Tr>
  );
}

/** ↑ and ↓: the item swaps places with its neighbour. */
function MoveButtons({
  name,
  first,
  last,
  busy,
  onMove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove(by: -1 | 1): void;
}) {
  return (
    <Stack gap={2} align="center">
      <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={first || busy} onClick={() => onMove(-1)}>
        ↑
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={last || busy} onClick={() => onMove(1)}>
        ↓
      </ActionIcon>
    </Stack>
  );
}

/** Override or clear the item's tax rates, and remove it from the menu. */
function ItemActions({ ids, item, onOverride }: { ids: Ids; item: MenuItemRowFragment; onOverride(): void }) {
  const [update] = useMutation(UPDATE_MENU_ITEM);
  const [remove] = useMutation(DELETE_MENU_ITEM, { refetchQueries: [MENU] });
  return (
    <Group gap={4}>
      <OverrideActions
        entry={item}
        onOverride={onOverride}
        onClear={() => update({ variables: { ...ids, id: item.id, taxRateIds: null } }).catch(notifyFailure)}
      />
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => remove({ variables: { ...ids, id: item.id } }).catch(notifyFailure)}
        aria-label={`Remove ${item.name}`}
      >
        Remove
      </Button>
    </Group>
  );
}
