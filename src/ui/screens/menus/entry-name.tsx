import { Badge, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../components/money';
import { TaxRatesCell } from './tax-rates-cell';

// The name cell shared by the menu's items and modifiers.

export interface Entry {
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
export function EntryName({
  entry,
  currency,
  namesOf,
  phone,
  struck,
  children,
}: {
  entry: Entry;
  currency: string;
  namesOf: Map<string, string>;
  phone: boolean;
  struck?: boolean;
  children?: ReactNode;
}) {
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
