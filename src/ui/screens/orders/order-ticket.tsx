import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { codeOf } from '../../components/errors';
import { formatMoney } from '../../components/money';
import { ErrorState, LoadingState } from '../../components/states';
import { formatWhenIn } from '../../components/time-format';
import { graphql } from '../../gql';
import type { OrderTicketQuery } from '../../gql/graphql';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { orderFacts, orderName } from './order-facts-format';
import { optionLabel } from './order-lines';
import './order-ticket.css';

// The order ticket a kitchen prints and pins above the pass: the customer's number big, how and when the order
// leaves, for whom, the notes, each line with its options, note and total, the subtotal and what the customer
// was charged. Print prints the ticket alone (order-ticket.css): no header, navigation or buttons. Amounts
// are the server's (lineTotal, linesSubtotal); times are on the location's clock.

const ORDER_TICKET = graphql(`
  query OrderTicket($accountId: ID!, $locationId: ID!, $id: ID!) {
    order(accountId: $accountId, locationId: $locationId, id: $id) {
      id
      externalId
      orderNumber
      friendlyId
      customerName
      status
      sourceName
      createdAt
      currency
      fulfillmentType
      tableName
      isPaid
      isScheduledOrder
      estimatedPickupTime
      estimatedDeliveryTime
      notes
      customer
      delivery
      linesSubtotal
      total
      items {
        name
        quantity
        price
        lineTotal
        customerNotes
        options {
          name
          quantity
          price
        }
      }
      location {
        name
        timezone
      }
    }
  }
`);

export function OrderTicket() {
  const { accountId = '', locationId = '', orderId = '' } = useParams();
  const { data, loading, error } = useQuery(ORDER_TICKET, { variables: { accountId, locationId, id: orderId } });
  if (codeOf(error) === 'not_found') return <NotFound />;
  const board = `/accounts/${accountId}/locations/${locationId}/orders`;
  return (
    <Stack>
      <Stack className="order-ticket-screen-only">
        <LocationCrumbs accountId={accountId} locationId={locationId} here="Order ticket" />
        <Group justify="space-between">
          <Title order={2}>Order ticket</Title>
          <Group gap="xs">
            <Button component={Link} to={board} variant="default">
              Back to the board
            </Button>
            <Button onClick={() => window.print()} disabled={!data}>
              Print
            </Button>
          </Group>
        </Group>
      </Stack>
      {loading && !data && <LoadingState label="Loading the order" />}
      {error && <ErrorState error={error} />}
      {data && <Ticket order={data.order} />}
    </Stack>
  );
}

function Ticket({ order }: { order: OrderTicketQuery['order'] }) {
  const { title, subline } = orderName(order);
  const zone = order.location.timezone;
  const when = (iso: string) => formatWhenIn(iso, zone);
  const facts = orderFacts(order, when).filter((fact) => fact.label !== 'Order number');
  const money = (amount: number | null | undefined) => formatMoney(amount, order.currency);
  return (
    <Paper className="order-ticket" withBorder p="lg" maw={420} w="100%" aria-label="Order ticket" role="document">
      <Text size="sm" fw={500}>
        {order.location.name}
      </Text>
      <Text fz={56} fw={800} lh={1} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      {subline && <Text style={{ overflowWrap: 'anywhere' }}>{subline}</Text>}
      <Text size="sm" c="dimmed">
        {order.sourceName} · placed {when(order.createdAt)} · {order.status}
      </Text>
      <Divider my="sm" />
      <Stack gap={2}>
        {facts.map((fact) => (
          <Text key={fact.label} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} inherit>
              {fact.label}:
            </Text>{' '}
            {fact.value}
          </Text>
        ))}
      </Stack>
      {order.notes && (
        <Alert color="yellow" title="Notes" mt="sm" role="note" variant="outline">
          {order.notes}
        </Alert>
      )}
      <Divider my="sm" />
      <Stack gap="xs" component="ul" aria-label="Ticket lines" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {order.items.map((item, i) => (
          <Box component="li" key={i}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {item.quantity} × {item.name}
              </Text>
              <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                {money(item.lineTotal)}
              </Text>
            </Group>
            {item.options.map((option, j) => (
              <Text key={j} size="sm" pl="md">
                {optionLabel(option, order.currency)}
              </Text>
            ))}
            {item.customerNotes && (
              <Text size="sm" pl="md" fs="italic">
                “{item.customerNotes}”
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      <Divider my="sm" />
      <Group justify="space-between">
        <Text fw={600}>Subtotal</Text>
        <Text fw={600} aria-label="Subtotal">
          {money(order.linesSubtotal)}
        </Text>
      </Group>
      {order.total != null && (
        <Group justify="space-between">
          <Text size="sm">Charged by {order.sourceName}</Text>
          <Text size="sm">{money(order.total)}</Text>
        </Group>
      )}
    </Paper>
  );
}
