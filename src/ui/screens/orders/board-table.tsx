import { Badge, Table } from '@mantine/core';
import { formatMoney } from '../../components/money';
import { formatWhen, formatWhenThere, zoneLabel } from '../../components/time';
import type { BoardRowFragment } from '../../gql/graphql';
import { fulfilment } from './order-facts-format';
import { OrderRowButton } from './order-row-button';

// The orders of a tab or a search, newest first. On a phone: order, total and time; the marketplace and how the
// order leaves where there is room. The time an order was placed is on the location's clock, the column's
// heading naming it when the browser keeps another (until the location is read, the browser's).

interface Props {
  orders: readonly BoardRowFragment[];
  listName: string;
  /** A search lists every status, so each row says its own. */
  withStatus: boolean;
  timeZone: string | undefined;
  selected: string | null;
  onSelect(id: string): void;
}

export function BoardTable({ orders, listName, withStatus, timeZone, selected, onSelect }: Props) {
  const placed = (iso: string) => (timeZone ? formatWhenThere(iso, timeZone) : formatWhen(iso));
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover aria-label={listName}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            {withStatus && <Table.Th>Status</Table.Th>}
            <Table.Th visibleFrom="sm">Marketplace</Table.Th>
            <Table.Th visibleFrom="md">Fulfilment</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>{zoneLabel('Placed', timeZone)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <OrderRowButton order={order} selected={order.id === selected} onClick={() => onSelect(order.id)} />
                <RowBadges order={order} />
              </Table.Td>
              {withStatus && (
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {order.status}
                  </Badge>
                </Table.Td>
              )}
              <Table.Td visibleFrom="sm">{order.sourceName}</Table.Td>
              <Table.Td visibleFrom="md">{fulfilment(order.fulfillmentType, order.tableName)}</Table.Td>
              <Table.Td>{formatMoney(order.total, order.currency)}</Table.Td>
              <Table.Td>{placed(order.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A test order, and one placed with something the location had made unavailable, say so beside its name. */
function RowBadges({ order }: { order: BoardRowFragment }) {
  return (
    <>
      {order.test && (
        <Badge color="grape" variant="light" size="sm" ml="xs">
          Test order
        </Badge>
      )}
      {order.availabilityWarnings.length > 0 && (
        <Badge color="orange" variant="light" size="sm" ml="xs">
          Not available when placed
        </Badge>
      )}
    </>
  );
}
