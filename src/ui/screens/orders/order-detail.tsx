import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { codeOf } from '../../components/errors';
import { formatMoney } from '../../components/money';
import { ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { OrderStatus } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { AvailabilityWarnings } from './availability-warnings';
import { OrderFacts } from './order-facts';
import { OrderDeliveries } from './order-deliveries';
import { StatusHistory } from './order-history';
import { OrderLines } from './order-lines';
import { OrderHeading } from './order-heading';
import { TransitionRefused, type Refusal } from './transition-refused';

// An order opened from the board: what the kitchen needs to make and hand it over (facts, notes, lines), the
// status changes the server allows from where it is now (allowedTransitions, orderCancellationReasons), its
// history, and what the partners were sent about it.

export const ORDER_DETAIL = graphql(`
  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {
    order(accountId: $accountId, locationId: $locationId, id: $id) {
      id
      externalId
      orderNumber
      friendlyId
      status
      sourceName
      total
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
      allowedTransitions
      availabilityWarnings {
        rule
        until
        reason
        item
        option
      }
      customerName
      linesSubtotal
      items {
        name
        quantity
        price
        lineTotal
        taxRateIds
        customerNotes
        options {
          name
          quantity
          price
          taxRateIds
        }
      }
      location {
        timezone
        taxRates {
          posReference
          name
          rate
          type
        }
      }
      statusHistory {
        status
        at
        by
        byName
        reason
      }
    }
    orderCancellationReasons
  }
`);

const CHANGE_STATUS = graphql(`
  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {
    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {
      id
      status
      allowedTransitions
    }
  }
`);

/** What a status change is called on its button. */
const ACTION_OF: Record<string, string> = {
  ACCEPTED: 'Accept',
  REJECTED: 'Reject',
  PREPARING: 'Start preparing',
  READY: 'Mark ready',
  COMPLETED: 'Complete',
  CANCELLED: 'Cancel order',
};

interface Props {
  accountId: string;
  locationId: string;
  orderId: string;
  /** The board reads its tabs again: the order moved, or turned out to have moved already. */
  onChanged: () => void;
}

export function OrderDetail({ accountId, locationId, orderId, onChanged }: Props) {
  const { data, loading, error, refetch } = useQuery(ORDER_DETAIL, {
    variables: { accountId, locationId, id: orderId },
  });
  const status = useStatusChange({ accountId, locationId, orderId, onChanged, refetch });
  if (loading && !data) return <LoadingState label="Loading the order" />;
  if (error) return <ErrorState error={error} />;
  if (!data) return null;
  const order = data.order;
  // The order's times on the location's clock, labelled when the browser keeps another.
  const timeZone = order.location.timezone;

  return (
    <Stack component="section" aria-label={`Order ${order.externalId}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <OrderHeading order={order} />
        <Button
          component={Link}
          to={`/accounts/${accountId}/locations/${locationId}/orders/${order.id}/ticket`}
          variant="default"
          size="xs"
        >
          Print ticket
        </Button>
      </Group>
      <Text>
        Status: <strong>{order.status}</strong> · from {order.sourceName} · total{' '}
        {formatMoney(order.total, order.currency)}
      </Text>
      {status.refusal ? (
        <TransitionRefused refusal={status.refusal} order={order} timeZone={timeZone} />
      ) : (
        status.error && <ErrorState error={status.error} title="The status was not changed" />
      )}
      <AvailabilityWarnings warnings={order.availabilityWarnings} items={order.items} timeZone={timeZone} />
      <OrderFacts order={order} timeZone={timeZone} />
      <OrderLines
        items={order.items}
        linesSubtotal={order.linesSubtotal}
        currency={order.currency}
        taxRates={order.location.taxRates}
      />
      <StatusActions order={order} reasons={data.orderCancellationReasons} status={status} />
      <StatusHistory changes={order.statusHistory} timeZone={timeZone} />
      <OrderDeliveries accountId={accountId} locationId={locationId} orderId={order.id} />
    </Stack>
  );
}

type StatusChange = ReturnType<typeof useStatusChange>;

/** Moving the order to a status the server allows, with the reason chosen where that status takes one. */
function useStatusChange({
  accountId,
  locationId,
  orderId,
  onChanged,
  refetch,
}: Props & { refetch(): Promise<unknown> }) {
  const [change, changing] = useMutation(CHANGE_STATUS);
  const { statusesWithReason } = useHubRules();
  const [reason, setReason] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const needsReason = (status: OrderStatus) => statusesWithReason.includes(status);

  async function move(status: OrderStatus, from: string) {
    const input = { status, ...(needsReason(status) && reason ? { cancellationReason: reason } : {}) };
    setRefusal(null);
    await change({ variables: { accountId, locationId, id: orderId, input } }).catch((error: unknown) => {
      if (codeOf(error) === 'invalid_transition') setRefusal({ action: ACTION_OF[status] ?? status, from, error });
    });
    await refetch();
    // Also after a refusal: someone else moved the order, so the board's tabs are as stale as this detail was.
    onChanged();
  }

  return { move, needsReason, reason, setReason, refusal, loading: changing.loading, error: changing.error };
}

/** A button per status the order may move to, and the cancellation reason when one of them takes it. */
function StatusActions({
  order,
  reasons,
  status,
}: {
  order: { status: string; allowedTransitions: OrderStatus[] };
  reasons: string[];
  status: StatusChange;
}) {
  return (
    <>
      {order.allowedTransitions.some(status.needsReason) && (
        <Select
          label="Cancellation reason"
          placeholder="Choose a reason"
          data={reasons}
          value={status.reason}
          onChange={status.setReason}
          w={260}
        />
      )}
      <Group>
        {order.allowedTransitions.map((next) => (
          <Button
            key={next}
            color={status.needsReason(next) ? 'red' : undefined}
            loading={status.loading}
            onClick={() => void status.move(next, order.status)}
          >
            {ACTION_OF[next] ?? next}
          </Button>
        ))}
        {order.allowedTransitions.length === 0 && <Text c="dimmed">No further status change is possible.</Text>}
      </Group>
    </>
  );
}
