import {
  checkTransition,
  ORDER_STATUSES,
  parseCancellationReason,
  parseOrderStatus,
  type OrderStatus,
} from '../../src/modules/orders/order-status.js';

// docs/contract.md "Order statuses", edge by edge.
const EDGES: Record<OrderStatus, OrderStatus[]> = {
  NEW: ['ACCEPTED', 'REJECTED', 'CANCELLED'],
  ACCEPTED: ['PREPARING', 'READY', 'COMPLETED', 'CANCELLED'],
  PREPARING: ['READY', 'COMPLETED', 'CANCELLED'],
  READY: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  REJECTED: [],
  CANCELLED: [],
};

describe('order status machine', () => {
  it('lets the POS take exactly the edges of the status graph', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const verdict = checkTransition(from, to, 'POS').kind;
        const expected = from === to ? 'unchanged' : EDGES[from].includes(to) ? 'allowed' : 'refused';
        expect(`${from}->${to}:${verdict}`).toBe(`${from}->${to}:${expected}`);
      }
    }
  });

  it('lets an operator do what the POS does', () => {
    expect(checkTransition('NEW', 'ACCEPTED', 'OPERATOR').kind).toBe('allowed');
    expect(checkTransition('COMPLETED', 'CANCELLED', 'OPERATOR').kind).toBe('refused');
  });

  it('lets a marketplace only cancel, and only before READY', () => {
    expect(checkTransition('NEW', 'CANCELLED', 'MARKETPLACE').kind).toBe('allowed');
    expect(checkTransition('ACCEPTED', 'CANCELLED', 'MARKETPLACE').kind).toBe('allowed');
    expect(checkTransition('PREPARING', 'CANCELLED', 'MARKETPLACE').kind).toBe('allowed');
    expect(checkTransition('READY', 'CANCELLED', 'MARKETPLACE').kind).toBe('refused');
    expect(checkTransition('NEW', 'ACCEPTED', 'MARKETPLACE').kind).toBe('refused');
    expect(checkTransition('ACCEPTED', 'COMPLETED', 'MARKETPLACE').kind).toBe('refused');
  });

  it('treats the current status again as unchanged, final ones included', () => {
    expect(checkTransition('COMPLETED', 'COMPLETED', 'POS').kind).toBe('unchanged');
    expect(checkTransition('NEW', 'NEW', 'MARKETPLACE').kind).toBe('unchanged');
  });

  it('reads statuses and reasons in any case, and nothing else', () => {
    expect(parseOrderStatus('accepted')).toBe('ACCEPTED');
    expect(parseOrderStatus('Ready')).toBe('READY');
    expect(parseOrderStatus('DONE')).toBeNull();
    expect(parseOrderStatus(3)).toBeNull();
    expect(parseCancellationReason('too_busy')).toBe('TOO_BUSY');
    expect(parseCancellationReason('BORED')).toBeNull();
  });
});
