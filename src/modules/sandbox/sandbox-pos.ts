import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import { authorize } from '../../auth/authorize.js';
import { NotFoundError } from '../../common/errors.js';
import { schedule } from '../../scheduler/schedule.js';
import {
  InvalidTransitionError,
  ORDER_OPERATIONS as ORDERS,
  type OrderService,
  type OrderStatus,
} from '../orders/index.js';
import { SANDBOX_POS } from './sandbox-applications.js';
import { sandboxContext } from './sandbox-context.js';

// The sandbox POS's kitchen: every order it receives (ORDER_CREATED at its webhook URL) is moved through
// ACCEPTED, PREPARING, READY and COMPLETED, one step every SANDBOX_POS_PACE_MS, by the order PATCH's own service
// method under the sandbox POS's identity: the path a real POS's token takes, so the marketplace hears each
// step (ORDER_STATUS_CHANGED) like any other. Each step is a durable job (schedule.ts), keyed by the order:
// the kitchen carries on across restarts and hub processes.

export const SANDBOX_POS_TASK = 'sandbox-pos-advance';

/** The statuses the sandbox kitchen moves an order through, in order. */
const SANDBOX_KITCHEN_PATH: readonly OrderStatus[] = ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETED'];

interface AdvanceJob {
  accountId: string;
  locationId: string;
  orderId: string;
  /** The status this step moves the order on from. */
  from: OrderStatus;
}

/** The next step of the kitchen after `status`; null when the kitchen is done with it (or never knew it). */
export function nextKitchenStep(status: OrderStatus): OrderStatus | null {
  const at = SANDBOX_KITCHEN_PATH.indexOf(status);
  return at < 0 || at === SANDBOX_KITCHEN_PATH.length - 1 ? null : SANDBOX_KITCHEN_PATH[at + 1];
}

/** The next step of this order, a pace from now (replacing any step of it still waiting). */
export async function scheduleKitchenStep(em: EntityManager, job: AdvanceJob, paceMs: number): Promise<void> {
  await schedule(
    em,
    SANDBOX_POS_TASK,
    { ...job },
    {
      runAt: new Date(Date.now() + paceMs),
      key: `${SANDBOX_POS_TASK}:${job.orderId}`,
    },
  );
}

export interface SandboxKitchenDeps {
  orm: MikroORM;
  orders: Pick<OrderService, 'findOne' | 'updateStatus'>;
  paceMs: number;
  log: Logger;
  /** False in production: a step left over from a sandbox that ran on the same database does nothing. */
  open: boolean;
}

/**
 * One step: when the order is still where the step expects it, it moves on; when someone else moved it meanwhile
 * (an operator accepted it, or this step already ran once), the kitchen carries on from where it is. Nothing
 * more once the order is COMPLETED, REJECTED or CANCELLED, gone, or no longer at a location the sandbox POS is
 * connected to. The change and the next step commit together (the change locks the order and checks its status
 * again: a change made since the read is refused, or answered as already done).
 */
export function sandboxKitchenTask(deps: SandboxKitchenDeps): Task {
  return async (payload) => {
    const job = payload as AdvanceJob;
    if (!deps.open) return;
    const ctx = await sandboxContext(deps.orm.em, deps.orm.em.fork(), SANDBOX_POS, deps.log);
    try {
      const ids = { accountId: job.accountId, locationId: job.locationId };
      const { status } = await deps.orders.findOne(await authorize(ctx, ORDERS.read, ids), job.orderId);
      await ctx.em.transactional(async (em) => {
        let now = status;
        if (status === job.from) {
          const next = nextKitchenStep(status);
          if (!next) return;
          const change = { status: next };
          const kitchen = await authorize({ ...ctx, em }, ORDERS.updateStatus, ids);
          now = (await deps.orders.updateStatus(kitchen, job.orderId, change)).status;
        }
        if (nextKitchenStep(now)) await scheduleKitchenStep(em, { ...job, from: now }, deps.paceMs);
      });
    } catch (error) {
      // Out of the kitchen's hands: disconnected, gone, or moved where the kitchen's path does not go.
      if (error instanceof NotFoundError || error instanceof InvalidTransitionError) return;
      throw error;
    }
  };
}
