import { Badge } from '@mantine/core';
import { counted } from '../../components/counted';

// A delivery's state in words (docs/contract.md "Calls the hub makes"): PENDING after a failed attempt is waiting for
// its next retry, FAILED has no retry left (dead until someone retries it).

interface StatusOf {
  status: string;
  attemptCount: number;
}

export function isRetrying(d: StatusOf): boolean {
  return d.status === 'PENDING' && d.attemptCount > 0;
}

/** What "Retry now" is offered for: a failing delivery waiting for its next retry, or a dead one. */
export function canRetryNow(d: StatusOf): boolean {
  return d.status === 'FAILED' || isRetrying(d);
}

export function DeliveryStatusBadge({ delivery }: { delivery: StatusOf }) {
  const { status } = delivery;
  const color =
    status === 'DELIVERED'
      ? 'teal'
      : status === 'FAILED'
        ? 'red'
        : isRetrying(delivery)
          ? 'orange'
          : status === 'DELIVERING'
            ? 'blue'
            : 'gray';
  const label = isRetrying(delivery) ? 'PENDING · retrying' : status === 'FAILED' ? 'FAILED · no retry left' : status;
  return (
    <Badge color={color} variant="light" style={{ textTransform: 'none' }}>
      {label}
    </Badge>
  );
}

/** "1 attempt", "3 attempts". */
export function attemptsLabel(count: number): string {
  return counted(count, 'attempt');
}

/** An attempt's outcome: the HTTP status, or the error when no answer came. */
export function attemptResult(a: { httpStatus?: number | null; error?: string | null }): string {
  if (a.httpStatus != null) return a.error ? `HTTP ${a.httpStatus}: ${a.error}` : `HTTP ${a.httpStatus}`;
  return a.error ?? 'no answer';
}
