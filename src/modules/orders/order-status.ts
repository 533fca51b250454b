// The order state machine of docs/contract.md "Order statuses", as pure functions: the service asks it whether a change
// is allowed, and by whom, and never encodes a transition itself.

export const ORDER_STATUSES = ['NEW', 'ACCEPTED', 'REJECTED', 'PREPARING', 'READY', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every status in the order an order goes through them: forward to COMPLETED, then the two ways it ends early. */
export const STATUSES_IN_LIFE_ORDER: readonly OrderStatus[] = [
  'NEW',
  'ACCEPTED',
  'PREPARING',
  'READY',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
];

/** The statuses a change to may give a cancellationReason, the ones that end an order early. */
export const STATUSES_WITH_REASON: readonly OrderStatus[] = ['REJECTED', 'CANCELLED'];

export const CANCELLATION_REASONS = [
  'OUT_OF_STOCK',
  'STORE_CLOSED',
  'TOO_BUSY',
  'CUSTOMER_CANCELLED',
  'OTHER',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** The reason the hub itself gives an order it rejects at its acceptance deadline (acceptance-deadline-job.ts). */
export const NOT_ACCEPTED_IN_TIME = 'NOT_ACCEPTED_IN_TIME';
/** What an order's cancellationReason may hold: a reason a partner or an operator gave, or the hub's own. */
export type OrderReason = CancellationReason | typeof NOT_ACCEPTED_IN_TIME;

/** Who made a change, as kept in statusHistory[].by and cancelledBy. OPERATOR: a user of the hub (the UI). */
export type OrderActor = 'MARKETPLACE' | 'POS' | 'OPERATOR';

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  NEW: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['PREPARING', 'READY', 'COMPLETED', 'CANCELLED'],
  PREPARING: ['READY', 'COMPLETED', 'CANCELLED'],
  READY: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  REJECTED: [],
  CANCELLED: [],
};

/** The statuses a marketplace may still cancel from: before READY (docs/contract.md "Order statuses"). */
const MARKETPLACE_MAY_CANCEL: readonly OrderStatus[] = ['NEW', 'ACCEPTED', 'PREPARING'];

/** The timestamp field a status stamps when it is reached (docs/contract.md "Shapes existing clients send"). */
export const STAMP_OF: Partial<Record<OrderStatus, 'acceptedAt' | 'rejectedAt' | 'completedAt' | 'cancelledAt'>> = {
  ACCEPTED: 'acceptedAt',
  REJECTED: 'rejectedAt',
  COMPLETED: 'completedAt',
  CANCELLED: 'cancelledAt',
};

/** Input is matched case-insensitively ("accepted" is ACCEPTED); null when it names no status. */
export function parseOrderStatus(value: unknown): OrderStatus | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return (ORDER_STATUSES as readonly string[]).includes(upper) ? (upper as OrderStatus) : null;
}

export function parseCancellationReason(value: unknown): CancellationReason | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return (CANCELLATION_REASONS as readonly string[]).includes(upper) ? (upper as CancellationReason) : null;
}

export type TransitionVerdict =
  /** The order is already in that status: nothing changes, no event (docs/contract.md "Operations"). */
  | { kind: 'unchanged' }
  | { kind: 'allowed' }
  /** Not an edge of docs/contract.md "Order statuses", or not one this actor may take: 409 invalid_transition. */
  | { kind: 'refused'; reason: string };

/**
 * May `actor` move an order from `from` to `to`? The POS (and an operator) may take any edge of the graph;
 * a marketplace only CANCELLED, and only before READY.
 */
export function checkTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): TransitionVerdict {
  if (from === to) return { kind: 'unchanged' };
  if (!NEXT[from].includes(to)) {
    const allowed = NEXT[from];
    return {
      kind: 'refused',
      reason: allowed.length
        ? `An order in status ${from} can move to ${allowed.join(', ')}, not ${to}`
        : `An order in status ${from} is final`,
    };
  }
  if (actor === 'MARKETPLACE') {
    if (to !== 'CANCELLED')
      return { kind: 'refused', reason: `A marketplace may only cancel an order, not set it to ${to}` };
    if (!MARKETPLACE_MAY_CANCEL.includes(from))
      return { kind: 'refused', reason: `A marketplace may cancel an order only before it is READY; it is ${from}` };
  }
  return { kind: 'allowed' };
}

/**
 * The statuses `actor` may move an order in `from` to: what a UI offers as actions, decided here so that
 * it holds no rule of its own.
 */
export function allowedTransitions(from: OrderStatus, actor: OrderActor): OrderStatus[] {
  return NEXT[from].filter((to) => checkTransition(from, to, actor).kind === 'allowed');
}
