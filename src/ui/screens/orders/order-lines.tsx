import { Table, Text } from '@mantine/core';
import { formatMoney } from '../../components/money';
import { taxRateNames } from './order-facts-format';

// What was ordered: each line with its options under it (priced when they cost extra), the customer's note
// for that line, and its tax rates by the location's names. Names and references without spaces wrap
// anywhere rather than push past a phone's width; the headers and numbers keep their words whole.

interface Line {
  name: string;
  quantity: number;
  price: number;
  taxRateIds: string[];
  customerNotes?: string | null;
  options: { name: string; price: number }[];
}

interface Props {
  items: Line[];
  currency: string;
  taxRates: { posReference: string; name: string }[];
}

export function OrderLines({ items, currency, taxRates }: Props) {
  return (
    <Table aria-label="Lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>Price</Table.Th>
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
                  + {option.name}
                  {option.price ? ` (${formatMoney(option.price, currency)})` : ''}
                </Text>
              ))}
              {item.customerNotes && (
                <Text size="sm" fs="italic">
                  “{item.customerNotes}”
                </Text>
              )}
            </Table.Td>
            <Table.Td>{item.quantity}</Table.Td>
            <Table.Td>{formatMoney(item.price, currency)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {taxRateNames(item.taxRateIds, taxRates) || 'none'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
