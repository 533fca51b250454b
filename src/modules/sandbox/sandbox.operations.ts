import { declareOperations, EVERYONE, OPERATORS } from '../../auth/operation.js';
import { NotAnOperatorError } from './test-order.service.js';

/** Test orders (src/auth/operation.ts) are an operator's tool: a partner's token has its own ways to place or receive orders. */
export const SANDBOX_OPERATIONS = declareOperations('sandbox', {
  sendTestOrder: {
    callers: OPERATORS,
    scope: 'orders.write',
    reaches: 'location',
    refusal: () => new NotAnOperatorError(),
  },
  /** What the sandbox marketplace received at the location's connections: read as the connections are. */
  receipts: { callers: EVERYONE, scope: 'connections.read', reaches: 'location' },
});
