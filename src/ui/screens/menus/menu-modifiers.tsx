import { useMutation } from '@apollo/client/react';
import { Box, Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../components/money';
import { notifyFailure } from '../../components/notify';
import { usePhone } from '../../components/phone';
import { EmptyState } from '../../components/states';
import type { MenuModifierRowFragment } from '../../gql/graphql';
import { EntryName } from './entry-name';
import { UPDATE_MENU_MODIFIER } from './menu-documents';
import { OverrideActions } from './override-actions';
import { TaxOverrideDialog } from './tax-override-dialog';
import { overriddenRowStyle, TaxRatesCell } from './tax-rates-cell';

interface Props {
  ids: { accountId: string; locationId: string; menuId: string };
  modifiers: MenuModifierRowFragment[];
  currency: string;
  taxRates: { posReference: string; name: string }[];
  editable: boolean;
}

/**
 * The menu modifiers, as copied from the catalog with the products' modifier groups. Like an item, a modifier
 * takes its catalog modifier's tax rates unless the menu overrides them; which modifiers a menu has
 * follows its items, so there is nothing to add, move or remove here.
 */
export function MenuModifiers({ ids, modifiers, currency, taxRates, editable }: Props) {
  const [overriding, setOverriding] = useState<MenuModifierRowFragment | null>(null);
  const [update] = useMutation(UPDATE_MENU_MODIFIER);
  const namesOf = new Map(taxRates.map((r) => [r.posReference, r.name]));
  const phone = usePhone();
  if (modifiers.length === 0) return <EmptyState>No modifiers: none of these products has modifier groups.</EmptyState>;

  const actionsOf = (modifier: MenuModifierRowFragment) => (
    <Group gap={4}>
      <OverrideActions
        entry={modifier}
        onOverride={() => setOverriding(modifier)}
        onClear={() => update({ variables: { ...ids, id: modifier.id, taxRateIds: null } }).catch(notifyFailure)}
      />
    </Group>
  );

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={340}>
        <Table aria-label="Menu modifiers" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Modifier</Table.Th>
              <Table.Th visibleFrom="sm">Price</Table.Th>
              {!phone && <Table.Th>Tax rates</Table.Th>}
              {editable && <Table.Th visibleFrom="sm">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modifiers.map((m) => (
              <Table.Tr key={m.id} aria-label={m.name} style={overriddenRowStyle(m)}>
                <Table.Td>
                  <EntryName entry={m} currency={currency} namesOf={namesOf} phone={phone}>
                    {editable && (
                      <Box hiddenFrom="sm" mt={4}>
                        {actionsOf(m)}
                      </Box>
                    )}
                  </EntryName>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatMoney(m.price, currency)}</Table.Td>
                {!phone && (
                  <Table.Td>
                    <TaxRatesCell entry={m} namesOf={namesOf} />
                  </Table.Td>
                )}
                {editable && <Table.Td visibleFrom="sm">{actionsOf(m)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TaxOverrideDialog
        kind="modifier"
        ids={ids}
        entry={overriding}
        taxRates={taxRates}
        onClose={() => setOverriding(null)}
      />
    </Stack>
  );
}
