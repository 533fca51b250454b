import { authorize } from '../../auth/authorize.js';
import { canReachLocation } from '../../common/access.js';
import { ConflictError, DomainError } from '../../common/errors.js';
import { uuidv7 } from '../../common/ids.js';
import type { LocationAccess } from '../locations/index.js';
import { ORDER_OPERATIONS, type OrderService, type OrderView } from '../orders/index.js';
import { orderableAt } from './orderable.js';
import { SANDBOX_MARKETPLACE } from './sandbox-applications.js';
import { sandboxContext } from './sandbox-context.js';
import { composeTestOrder, type Random } from './test-order.rules.js';

/** Test orders are an operator's tool: a partner's token has its own ways to place or receive orders. */
export class NotAnOperatorError extends DomainError {
  constructor() {
    super('insufficient_scope', 'Test orders are sent by operators (a user of the hub, with orders.write)');
  }
}

/**
 * POST {loc}/test-orders: the sandbox marketplace places a realistic order at the location, from its published
 * menu (or its catalog), through the real placement under its own identity: the location's POS, real or sandbox,
 * receives ORDER_CREATED as for any order. The order and its events are marked `test`, and it counts in no figure.
 */
export class TestOrderService {
  constructor(
    private readonly deps: {
      orders: Pick<OrderService, 'place'>;
      /** No sandbox in production: test orders are refused there. */
      production: boolean;
      random?: Random;
    },
  ) {}

  async send(access: LocationAccess): Promise<OrderView> {
    const { ctx, accountId } = access;
    if (this.deps.production)
      throw new ConflictError('Test orders come from the sandbox marketplace, and there is no sandbox in production');
    const location = await access.load();
    const marketplace = await sandboxContext(ctx.db, ctx.em, SANDBOX_MARKETPLACE, ctx.log);
    if (!canReachLocation(marketplace, accountId, location.id))
      throw new ConflictError('Connect the Sandbox marketplace to this location first: it places the test orders');
    const orderable = await orderableAt(ctx.em, location.id);
    const body = composeTestOrder(orderable.items, this.deps.random ?? Math.random, uuidv7());
    if (!body)
      throw new ConflictError(
        'Nothing to order: publish a menu, or give the location a catalog, with at least one product online',
      );
    // The placement a real marketplace's call makes: its operation granted to the sandbox marketplace.
    const placement = await authorize(marketplace, ORDER_OPERATIONS.place, { accountId, locationId: location.id });
    const { order } = await this.deps.orders.place(placement, body, { test: true });
    ctx.log.info({ orderId: order.id, from: orderable.from }, 'test order placed by the sandbox marketplace');
    return order;
  }
}
