import { Alert, Table } from '@mantine/core';
import { formatWhenIn } from '../../components/time';
import { orderFacts, type OrderFactsSource } from './order-facts-format';

// The facts of an open order (order-facts-format.ts says which and how they read), as a two-column table a
// screen reader walks row by row, and the customer's notes above it where the kitchen cannot miss them. Times are
// on the location's clock, labelled when the browser keeps another.

export function OrderFacts({
  order,
  timeZone,
}: {
  order: OrderFactsSource & { notes?: string | null };
  timeZone: string;
}) {
  const facts = orderFacts(order, (iso) => formatWhenIn(iso, timeZone));
  return (
    <>
      {order.notes && (
        <Alert color="yellow" title="Notes" role="note">
          {order.notes}
        </Alert>
      )}
      <Table aria-label="Order facts" withRowBorders={false} verticalSpacing={4} layout="fixed">
        <Table.Tbody>
          {facts.map((fact) => (
            <Table.Tr key={fact.label}>
              <Table.Th scope="row" w={150} fw={500} c="dimmed">
                {fact.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{fact.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
