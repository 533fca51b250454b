import { useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { ErrorState } from '../../components/states';
import { useLiveFallback } from '../../components/live';
import { graphql } from '../../gql';
import { useHubRules } from '../../hub-rules';
import { DeliveryStatusBadge, attemptsLabel } from '../deliveries/delivery-status';
import { eventLabel, recipientLabel } from '../deliveries/event-words';

// Did the POS get the order, and did the marketplace hear of each status change? An order's deliveries
// (ORDER_CREATED, ORDER_STATUS_CHANGED), each with whom it is for, its state and a way into the delivery log.
// Kept live by the location's delivery events: a retry that succeeds shows without a reload.

const ORDER_DELIVERIES = graphql(`
  query OrderDeliveries($accountId: ID!, $locationId: ID!, $orderId: ID!, $limit: Int!) {
    locationDeliveries(accountId: $accountId, locationId: $locationId, orderId: $orderId, limit: $limit) {
      data {
        id
        eventType
        applicationName
        status
        attemptCount
        lastError
      }
    }
  }
`);

const DELIVERY_MOVED = graphql(`
  subscription OrderDeliveryEvents($accountId: ID!, $locationId: ID!) {
    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {
      kind
      delivery {
        id
        orderingKey
      }
    }
  }
`);

interface Props {
  accountId: string;
  locationId: string;
  orderId: string;
}

export function OrderDeliveries({ accountId, locationId, orderId }: Props) {
  // All of the order's deliveries the API lists at once (hubRules.maxPageLimit): an order has a few.
  const limit = useHubRules().maxPageLimit;
  const query = useQuery(ORDER_DELIVERIES, { variables: { accountId, locationId, orderId, limit } });
  const refresh = useCoalesced(() => query.refetch());
  const events = useSubscription(DELIVERY_MOVED, {
    variables: { accountId, locationId },
    // Another order's delivery is none of this screen's business; a resync may hide a change to ours.
    onData: ({ data }) => {
      const event = data.data?.locationDeliveryChanged;
      if (event && (event.kind === 'RESYNC' || event.delivery?.orderingKey === orderId)) refresh();
    },
  });
  useLiveFallback(events, query);
  const rows = query.data?.locationDeliveries.data ?? [];
  const log = `/accounts/${accountId}/locations/${locationId}/deliveries`;

  return (
    <Stack gap={4}>
      <Title order={4}>Sent to partners</Title>
      {query.error && <ErrorState error={query.error} title="The deliveries could not be read" />}
      {query.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing was sent about this order: no connected application takes its events.
        </Text>
      )}
      {rows.length > 0 && (
        <Table aria-label="Sent to partners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${log}?delivery=${d.id}`} size="sm" title={d.eventType}>
                    {eventLabel(d.eventType)}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'break-word' }}>{recipientLabel(d.applicationName)}</Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge delivery={d} />
                  <Text size="xs" c="dimmed">
                    {attemptsLabel(d.attemptCount)}
                    {d.lastError && d.status !== 'DELIVERED' ? ` · ${d.lastError}` : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
