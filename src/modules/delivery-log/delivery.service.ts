import { canReachLocation, requireScope } from '../../common/access.js';
import { DomainError, NotFoundError, ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { isUuid } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import { replay, REPLAYABLE_STATUSES } from '../../delivery-engine/replay.js';
import { applicationName } from '../applications/application-name.js';
import { withLocation } from '../locations/location-access.js';
import { DeliveryAttempt } from '../../delivery-engine/delivery-attempt.entity.js';
import { DELIVERY_STATUSES, Delivery, type DeliveryStatus } from '../../delivery-engine/delivery.entity.js';
import { notifyLive } from '../../live/notify.js';
import type { LiveSignal } from '../../live/live-signal.js';
import { toDeliveryDetailView, toDeliveryView, type DeliveryDetailView, type DeliveryView } from './delivery.view.js';
import { recordActivity } from '../activity/record-activity.js';

// The delivery log (docs/contract.md "Calls the hub makes") for operators and partners, with scope deliveries.read:
// - admins see every delivery;
// - a partner application sees only the deliveries addressed to it (never another partner's payloads);
// - users (resellers, merchants) see the deliveries of the locations they reach.
// Anything else is 404 (reach is checked before scope, as in every service). A replay (retry) needs the
// same visibility and, for users other than admins, the
// write scope of the location (locations.write); an application may replay its own deliveries.

export interface DeliveryListInput extends ListInput {
  status?: string | null;
  /** Only deliveries of this event type (ORDER_CREATED, MENU_PUBLISHED, ...). */
  eventType?: string | null;
  /** Only the deliveries of this order's events: ORDER_CREATED and each ORDER_STATUS_CHANGED, to every partner. */
  orderId?: string | null;
  /** Most recent first, as the UI's delivery log shows them; default oldest first (docs/contract.md "Conventions"). */
  newestFirst?: boolean | null;
}

interface ListFilter {
  status?: DeliveryStatus;
  eventType?: string;
  orderingKey?: string;
}

function listFilter(input: DeliveryListInput): ListFilter {
  const filter: ListFilter = {};
  if (input.status != null) {
    if (!(DELIVERY_STATUSES as readonly string[]).includes(input.status))
      throw ValidationError.field('status', `must be one of ${DELIVERY_STATUSES.join(', ')}`);
    filter.status = input.status as DeliveryStatus;
  }
  if (input.eventType != null) filter.eventType = input.eventType;
  if (input.orderId != null) {
    if (!isUuid(input.orderId)) throw ValidationError.field('orderId', 'must be an order id (a UUID)');
    // An order's events are chained by its id (order-events.ts): the ordering key, indexed for the chain.
    filter.orderingKey = input.orderId;
  }
  return filter;
}

function canSee(ctx: RequestContext, delivery: Delivery): boolean {
  if (ctx.reach.all) return true;
  if (ctx.principal.type === 'application') return delivery.applicationId === ctx.principal.applicationId;
  return Boolean(
    delivery.accountId && delivery.locationId && canReachLocation(ctx, delivery.accountId, delivery.locationId),
  );
}

/** The application whose deliveries alone the caller sees in a location's log (and counts, in reports), if any. */
export function ownDeliveriesOf(ctx: RequestContext): string | null {
  return ctx.principal.type === 'application' && !ctx.reach.all ? ctx.principal.applicationId : null;
}

export class DeliveryService {
  /** Throws unless the caller may read the location's delivery log (also what a live log subscribes with). */
  async assertLocationReadable(ctx: RequestContext, accountId: string, locationId: string): Promise<void> {
    await withLocation(ctx, accountId, locationId, 'deliveries.read');
  }

  /** Throws unless the caller may read the deliveries addressed to the application (admins, or that application). */
  assertApplicationReadable(ctx: RequestContext, applicationId: string): void {
    const isThatApplication = ctx.principal.type === 'application' && ctx.principal.applicationId === applicationId;
    if (!ctx.reach.all && !isThatApplication) throw new NotFoundError('Application');
    requireScope(ctx, 'deliveries.read');
  }

  async findAllForLocation(
    ctx: RequestContext,
    accountId: string,
    locationId: string,
    input: DeliveryListInput,
  ): Promise<Page<DeliveryView>> {
    await this.assertLocationReadable(ctx, accountId, locationId);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { locationId, ...listFilter(input) };
    const ownApplication = ownDeliveriesOf(ctx);
    const own = ownApplication ? { applicationId: ownApplication } : {};
    return findPage(ctx.em, Delivery, { ...where, ...own }, page, toDeliveryView, {
      newestFirst: input.newestFirst === true,
    });
  }

  async findAllForApplication(
    ctx: RequestContext,
    applicationId: string,
    input: DeliveryListInput,
  ): Promise<Page<DeliveryView>> {
    this.assertApplicationReadable(ctx, applicationId);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { applicationId, ...listFilter(input) };
    return findPage(ctx.em, Delivery, where, page, toDeliveryView, { newestFirst: input.newestFirst === true });
  }

  /** The name of a delivery's recipient, for a caller who already sees the delivery (an operator reads names). */
  async recipientName(ctx: RequestContext, applicationId: string): Promise<string | null> {
    return applicationName(ctx.em, applicationId);
  }

  async findOne(ctx: RequestContext, id: string): Promise<DeliveryDetailView> {
    const delivery = await this.loadVisible(ctx, id);
    requireScope(ctx, 'deliveries.read');
    return this.detail(ctx, delivery);
  }

  /** The engine's replay (delivery-engine/replay.ts), for those who see the delivery and may replay it. */
  async retry(ctx: RequestContext, id: string): Promise<DeliveryDetailView> {
    return ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const delivery = await this.loadVisible(tx, id);
      requireScope(ctx, 'deliveries.read');
      const owner = ctx.principal.type === 'application' && delivery.applicationId === ctx.principal.applicationId;
      if (!ctx.reach.all && !owner) requireScope(ctx, 'locations.write');
      if (!(await replay(em, id))) {
        const why =
          delivery.status === 'PENDING'
            ? 'it has not been attempted yet or waits for an earlier event of its order'
            : `it is ${delivery.status}`;
        throw new DomainError(
          'invalid_transition',
          `Only a ${REPLAYABLE_STATUSES.join(' or ')} delivery, or a PENDING one waiting for its next retry, can be retried now; ${why}`,
        );
      }
      recordActivity(em, ctx, {
        action: 'delivery.retried',
        accountId: delivery.accountId ?? null,
        locationId: delivery.locationId ?? null,
        subject: { type: 'delivery', id: delivery.id, name: delivery.eventType },
        changes: { status: { from: delivery.status, to: 'PENDING' }, applicationId: delivery.applicationId },
      });
      await em.refresh(delivery);
      await notifyLive(em, liveSignalOf(delivery));
      return this.detail(tx, delivery);
    });
  }

  private async loadVisible(ctx: RequestContext, id: string): Promise<Delivery> {
    const delivery = await ctx.em.findOne(Delivery, { id });
    if (!delivery || !canSee(ctx, delivery)) throw new NotFoundError('Delivery');
    return delivery;
  }

  private async detail(ctx: RequestContext, delivery: Delivery): Promise<DeliveryDetailView> {
    const attempts = await ctx.em.find(
      DeliveryAttempt,
      { delivery: delivery.id },
      { orderBy: { attemptNumber: 'asc', startedAt: 'asc' } },
    );
    return toDeliveryDetailView(delivery, attempts);
  }
}

function liveSignalOf(delivery: Delivery): LiveSignal {
  return {
    topic: 'delivery',
    accountId: delivery.accountId ?? null,
    locationId: delivery.locationId ?? null,
    applicationId: delivery.applicationId,
    deliveryId: delivery.id,
    eventType: delivery.eventType,
    status: delivery.status,
  };
}
