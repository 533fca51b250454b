import { Table, Text } from '@mantine/core';
import { formatMoney } from '../../components/money';
import { taxRateNames } from './order-facts-format';

// What was ordered: each line with its options under it (priced when they cost extra), the customer's note
// for that line, its total and its tax rates by the location's names; the lines' subtotal below them. The
// totals are the server's (OrderItem.lineTotal, Order.linesSubtotal): every screen and the ticket agree.
// Names and references without spaces wrap anywhere rather than push past a phone's width; the headers and
// numbers keep their words whole. A phone leaves out the unit price: the line's total is what it is checked by.

interface Line {
  name: string;
  quantity: number;
  price: number;
  lineTotal: number;
  taxRateIds: string[];
  customerNotes?: string | null;
  options: { name: string; price: number; quantity?: number | null }[];
}

interface Props {
  items: Line[];
  linesSubtotal: number;
  currency: string;
  taxRates: { posReference: string; name: string }[];
}

/** "+ Extra cheese (€0.50)", "+ 2 × Bacon (€1.00)": an option, its count when more than one, its price when it costs. */
export function optionLabel(option: Line['options'][number], currency: string): string {
  const count = option.quantity && option.quantity > 1 ? `${option.quantity} × ` : '';
  const price = option.price ? ` (${formatMoney(option.price, currency)})` : '';
  return `+ ${count}${option.name}${price}`;
}

export function OrderLines({ items, linesSubtotal, currency, taxRates }: Props) {
  return (
    <Table aria-label="Lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th visibleFrom="sm">Price</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Tax rates</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item, i) => (
          <Table.Tr key={i}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {item.name}
              </Text>
              {item.options.map((option, j) => (
                <Text key={j} size="sm" c="dimmed">
                  {optionLabel(option, currency)}
                </Text>
              ))}
              {item.customerNotes && (
                <Text size="sm" fs="italic">
                  “{item.customerNotes}”
                </Text>
              )}
            </Table.Td>
            <Table.Td>{item.quantity}</Table.Td>
            <Table.Td visibleFrom="sm">{formatMoney(item.price, currency)}</Table.Td>
            <Table.Td ta="right">{formatMoney(item.lineTotal, currency)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {taxRateNames(item.taxRateIds, taxRates) || 'none'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>Subtotal</Table.Th>
          <Table.Td visibleFrom="sm" />
          <Table.Td ta="right" fw={700}>
            {formatMoney(linesSubtotal, currency)}
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
