import { Alert, Text } from '@mantine/core';
import { messageOf } from '../../components/errors';
import { formatWhenIn } from '../../components/time';

// A status change the hub refused with 409 invalid_transition, in words. The usual cause: someone else (the
// POS, the marketplace, another operator) changed the order after this screen showed its actions and before
// the click. The detail has been read again by then, so the operator is told what the order is now, who set
// it and when, and sees the actions allowed from there.

export interface Refusal {
  /** The button's words ("Accept"). */
  action: string;
  /** The status the order had on screen when the button was clicked. */
  from: string;
  error: unknown;
}

interface OrderNow {
  status: string;
  allowedTransitions: string[];
  statusHistory: { status: string; at: string; by: string; byName?: string | null }[];
}

export function TransitionRefused({
  refusal,
  order,
  timeZone,
}: {
  refusal: Refusal;
  order: OrderNow;
  /** The location's, whose clock the time of the last change is read on. */
  timeZone: string;
}) {
  const last = order.statusHistory[order.statusHistory.length - 1];
  const who = last ? (last.byName ? `${last.byName} (${last.by})` : last.by) : null;
  const changed = order.status !== refusal.from;
  return (
    <Alert color="orange" role="alert" title={`${refusal.action} was refused`}>
      {changed ? (
        <Text size="sm">
          The order was changed in the meantime: it is now <strong>{order.status}</strong>
          {who && last ? `, set by ${who} at ${formatWhenIn(last.at, timeZone)}` : ''}.{' '}
          {order.allowedTransitions.length
            ? `The actions offered now are the ones possible from ${order.status}.`
            : 'No further change is possible.'}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        The hub said: {messageOf(refusal.error)}
      </Text>
    </Alert>
  );
}
