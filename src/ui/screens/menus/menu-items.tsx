import { useMutation } from '@apollo/client/react';
import { ActionIcon, Badge, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../../components/money';
import { usePhone } from '../../components/phone';
import { EmptyState } from '../../components/states';
import type { MenuItemRowFragment } from '../../gql/graphql';
import { DELETE_MENU_ITEM, MENU, REORDER_MENU_ITEMS, UPDATE_MENU_ITEM } from './menu-documents';
import { TaxOverrideDialog } from './tax-override-dialog';
import { isOverridden, TaxRatesCell } from './tax-rates-cell';
import { notifyFailure } from '../../components/notify';

interface Props {
  ids: { accountId: string; locationId: string; menuId: string };
  items: MenuItemRowFragment[];
  currency: string;
  taxRates: { posReference: string; name: string }[];
  editable: boolean;
}

/** The menu's items in menu order: move, override or clear tax rates, remove. Out-of-stock items are marked. */
export function MenuItems({ ids, items, currency, taxRates, editable }: Props) {
  const [overriding, setOverriding] = useState<MenuItemRowFragment | null>(null);
  const [reorder, reordering] = useMutation(REORDER_MENU_ITEMS);
  const [update] = useMutation(UPDATE_MENU_ITEM);
  const [remove] = useMutation(DELETE_MENU_ITEM, { refetchQueries: [MENU] });
  const namesOf = new Map(taxRates.map((r) => [r.posReference, r.name]));
  const phone = usePhone();
  const fail = notifyFailure;

  const move = (index: number, by: -1 | 1) => {
    const order = items.map((i) => i.id);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    reorder({ variables: { ...ids, itemIds: order } }).catch(fail);
  };

  // The actions beside the item on a wide screen, under its name on a phone (so none hides off the side).
  const actionsOf = (item: MenuItemRowFragment) => (
    <Group gap={4}>
      <Button size="compact-sm" variant="light" onClick={() => setOverriding(item)} aria-label={`Override tax rates of ${item.name}`}>
        Override
      </Button>
      {isOverridden(item) && (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() =>
            update({
              variables: { ...ids, id: item.id, taxRateIds: null },
            }).catch(fail)
          }
          aria-label={`Clear override of ${item.name}`}
        >
          Clear override
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove({ variables: { ...ids, id: item.id } }).catch(fail)} aria-label={`Remove ${item.name}`}>
        Remove
      </Button>
    </Group>
  );

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
              <Table.Tr
                key={item.id}
                aria-label={item.name}
                data-out-of-stock={!item.show_online || undefined}
                style={
                  isOverridden(item)
                    ? {
                        boxShadow: 'inset 3px 0 0 var(--mantine-color-orange-5)',
                      }
                    : undefined
                }
              >
                {editable && (
                  <Table.Td>
                    <Stack gap={2} align="center">
                      <ActionIcon variant="subtle" aria-label={`Move ${item.name} up`} disabled={index === 0 || reordering.loading} onClick={() => move(index, -1)}>
                        ↑
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Move ${item.name} down`} disabled={index === items.length - 1 || reordering.loading} onClick={() => move(index, 1)}>
                        ↓
                      </ActionIcon>
                    </Stack>
                  </Table.Td>
                )}
                <Table.Td>
                  <EntryName entry={item} currency={currency} namesOf={namesOf} phone={phone} struck>
                    {editable && (
                      <Box hiddenFrom="sm" mt={4}>
                        {actionsOf(item)}
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
                <Table.Td visibleFrom="md">{item.modifierGroups.length ? item.modifierGroups.join(', ') : <Text c="dimmed">none</Text>}</Table.Td>
                {editable && <Table.Td visibleFrom="sm">{actionsOf(item)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TaxOverrideDialog ids={ids} item={overriding} taxRates={taxRates} onClose={() => setOverriding(null)} />
    </>
  );
}

/** The menu modifiers, as copied from the catalog with the products' modifier groups. */
export function MenuModifiers({
  modifiers,
  currency,
  taxRates,
}: {
  modifiers: (Entry & { id: string })[];
  currency: string;
  taxRates: { posReference: string; name: string }[];
}) {
  const namesOf = new Map(taxRates.map((r) => [r.posReference, r.name]));
  const phone = usePhone();
  if (modifiers.length === 0) return <EmptyState>No modifiers: none of these products has modifier groups.</EmptyState>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={340}>
        <Table aria-label="Menu modifiers" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Modifier</Table.Th>
              <Table.Th visibleFrom="sm">Price</Table.Th>
              {!phone && <Table.Th>Tax rates</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modifiers.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <EntryName entry={m} currency={currency} namesOf={namesOf} phone={phone} />
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatMoney(m.price, currency)}</Table.Td>
                {!phone && (
                  <Table.Td>
                    <TaxRatesCell entry={m} namesOf={namesOf} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

interface Entry {
  name: string;
  posReference: string;
  price: number;
  show_online: boolean;
  taxRateIds: string[];
  taxRateIdsOverride?: string[] | null;
}

/**
 * The name cell of a menu item or modifier: the name, marked when out of stock (`struck` also greys and strikes
 * it), the POS reference; on a phone also the price and the tax rates, whose columns are not shown there.
 */
function EntryName({ entry, currency, namesOf, phone, struck, children }: { entry: Entry; currency: string; namesOf: Map<string, string>; phone: boolean; struck?: boolean; children?: ReactNode }) {
  const out = !entry.show_online;
  return (
    <>
      <Group gap="xs">
        {struck ? (
          <Text fw={500} c={out ? 'dimmed' : undefined} td={out ? 'line-through' : undefined}>
            {entry.name}
          </Text>
        ) : (
          entry.name
        )}
        {out && (
          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
            Out of stock
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {entry.posReference}
        <Text span hiddenFrom="sm" inherit>
          {' · '}
          {formatMoney(entry.price, currency)}
        </Text>
      </Text>
      {phone && (
        <Box mt={4}>
          <TaxRatesCell entry={entry} namesOf={namesOf} />
        </Box>
      )}
      {children}
    </>
  );
}
