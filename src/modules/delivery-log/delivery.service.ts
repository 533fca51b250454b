import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryGrant, Grants } from '../../auth/authorize.js';
import { DomainError, NotFoundError, ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { isUuid } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import { replay, replayFailing, REPLAYABLE_STATUSES } from '../../delivery-engine/replay.js';
import { applicationName } from '../applications/index.js';
import type { LocationAccess } from '../locations/index.js';
import { DeliveryAttempt } from '../../delivery-engine/delivery-attempt.entity.js';
import { DELIVERY_STATUSES, Delivery, type DeliveryStatus } from '../../delivery-engine/delivery.entity.js';
import { notifyLive } from '../../live/notify.js';
import type { LiveSignal } from '../../live/live-signal.js';
import { toDeliveryDetailView, toDeliveryView, type DeliveryDetailView, type DeliveryView } from './delivery.view.js';
import { recordActivity } from '../activity/index.js';
import type { Clock } from '../../common/clock.js';
import { deliveryAlerts, type AlertPlaces, type DeliveryAlert } from './delivery-alerts.js';

// The delivery log (docs/contract.md "Calls the hub makes") for operators and partners. Who sees which deliveries, and who may
// replay one, is declared in delivery.operations.ts: admins see every delivery, a partner application only
// those addressed to it (never another partner's payloads), resellers and merchants those of the locations
// they reach.

export interface DeliveryListInput extends ListInput {
  status?: string | null;
  /** Only deliveries of this event type (ORDER_CREATED, MENU_PUBLISHED, ...). */
  eventType?: string | null;
  /** Only the deliveries of this order's events: ORDER_CREATED and each ORDER_STATUS_CHANGED, to every partner. */
  orderId?: string | null;
  /** Most recent first, as the UI's delivery log shows them; default oldest first (docs/contract.md "Conventions"). */
  newestFirst?: boolean | null;
}

/** What "Retry all failed" answers: how many deliveries are on their way again, and which. */
export interface RetriedDeliveries {
  retried: number;
  deliveryIds: string[];
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

export class DeliveryService {
  constructor(private readonly clock: Clock) {}

  /** Throws unless the location is there (what a live log starts with). */
  async assertLocationReadable(access: LocationAccess): Promise<void> {
    await access.load();
  }

  async findAllForLocation(access: LocationAccess, input: DeliveryListInput): Promise<Page<DeliveryView>> {
    await this.assertLocationReadable(access);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { locationId: access.locationId, ...listFilter(input) };
    const own = access.ownedBy.deliveries ? { applicationId: access.ownedBy.deliveries } : {};
    return findPage(access.ctx.em, Delivery, { ...where, ...own }, page, toDeliveryView, {
      newestFirst: input.newestFirst === true,
    });
  }

  async findAllForApplication(
    access: Grants['application-itself'],
    input: DeliveryListInput,
  ): Promise<Page<DeliveryView>> {
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { applicationId: access.applicationId, ...listFilter(input) };
    return findPage(access.ctx.em, Delivery, where, page, toDeliveryView, { newestFirst: input.newestFirst === true });
  }

  /**
   * The partners whose deliveries to the location have been failing for longer than its deliveryAlertMinutes
   * (delivery-alerts.ts); a partner application hears only of itself.
   */
  async alertsForLocation(access: LocationAccess): Promise<DeliveryAlert[]> {
    await this.assertLocationReadable(access);
    return this.alertsAt(access.ctx.em, { locationIds: [access.locationId] }, access.ownedBy.deliveries);
  }

  /** The same for many locations at once (the home page's rows). */
  alertsAt(em: EntityManager, places: AlertPlaces, applicationId: string | null): Promise<DeliveryAlert[]> {
    return deliveryAlerts(em, { places, applicationId, minuteMs: this.clock.minutes(1) });
  }

  /** The name of a delivery's recipient, for a caller who already sees the delivery (an operator reads names). */
  async recipientName(ctx: RequestContext, applicationId: string): Promise<string | null> {
    return applicationName(ctx.em, applicationId);
  }

  async findOne(access: DeliveryGrant): Promise<DeliveryDetailView> {
    return this.detail(access.ctx, await load(access.ctx, access.deliveryId));
  }

  /** The engine's replay (delivery-engine/replay.ts), for those who see the delivery and may replay it. */
  async retry(access: DeliveryGrant): Promise<DeliveryDetailView> {
    const { ctx } = access;
    const id = access.deliveryId;
    return access.ctx.em.transactional(async (em) => {
      const tx = { ...access.ctx, em };
      const delivery = await load(tx, id);
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

  /**
   * "Retry all failed" (delivery-engine/replay.ts replayFailing): every failing delivery of the location the
   * caller sees, sent again now, their chains kept in order; one activity entry for the lot.
   */
  async retryFailed(access: LocationAccess): Promise<RetriedDeliveries> {
    const { ctx, accountId, locationId } = access;
    await access.load();
    return ctx.em.transactional(async (em) => {
      const replayed = await replayFailing(em, locationId, access.ownedBy.deliveries);
      if (replayed.length > 0)
        recordActivity(em, ctx, {
          action: 'delivery.retriedAllFailed',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId },
          changes: { retried: replayed.length },
        });
      await notifyLive(
        em,
        ...replayed.map((row): LiveSignal => ({
          topic: 'delivery',
          accountId: row.account_id,
          locationId: row.location_id,
          applicationId: row.application_id,
          deliveryId: row.id,
          eventType: row.event_type,
          status: 'PENDING',
        })),
      );
      return { retried: replayed.length, deliveryIds: replayed.map((row) => row.id) };
    });
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

/** The granted delivery (404 when it is gone). */
async function load(ctx: RequestContext, id: string): Promise<Delivery> {
  const delivery = await ctx.em.findOne(Delivery, { id });
  if (!delivery) throw new NotFoundError('Delivery');
  return delivery;
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
