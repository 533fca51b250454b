import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError, ValidationError } from '../../common/errors.js';
import { isUuid, uuidv7 } from '../../common/ids.js';
import { afterKeyFilter, keyOrder, pageRequest, toPage, type Page, type ListInput } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { permits } from '../../auth/operation.js';
import { type LocationAccess, MAX_REFERENCE_LENGTH } from '../locations/index.js';
import { orderEvents } from './order-events.js';
import { insertOrder, type NewOrder } from './order-insert.js';
import { applicationName } from '../applications/index.js';
import { loadPlacementContext, type OrderParty } from './order-parties.js';
import {
  allowedTransitions,
  checkTransition,
  ORDER_STATUSES,
  parseOrderStatus,
  type OrderActor,
  type OrderStatus,
} from './order-status.js';
import { catalogMatchesExpression, resolveOrderTaxes } from './order-tax.js';
import { availabilityWarnings, type AvailabilityWarning } from './order-availability.js';
import { availabilityAt, scheduleFor } from '../availability/index.js';
import type { Clock } from '../../common/clock.js';
import { Order, type OrderLocation, type StatusChange } from './order.entity.js';
import { sqlRows } from '../../db/raw-sql.js';
import { InvalidTransitionError } from './order.errors.js';
import { ORDER_OPERATIONS } from './order.operations.js';
import { parseOrderInput, parseStatusPatch, type OrderInput } from './order.rules.js';
import { toOrderView, type OrderView } from './order.view.js';
import { readOrder } from './order-read.js';
import { orderSearchFilter } from './order-search.js';
import { searchText } from '../../common/like.js';
import { announceOrderChange, applyStatus } from './order-change.js';
import { acceptByFor } from './acceptance-deadline-job.js';

export interface OrderListInput extends ListInput {
  /** One status or several (any case); null or empty: every status. */
  status?: string | string[] | null;
  /** RFC 3339: orders placed at or after it. */
  since?: string | null;
  /** RFC 3339: orders placed before it (with `since`, a date range). */
  until?: string | null;
  /** RFC 3339: orders changed (placed, a status or an estimated time) at or after it: what a board polls for. */
  updatedSince?: string | null;
  /**
   * Most recent first (a live order board); default oldest first, the stable order of docs/contract.md "Conventions".
   */
  newestFirst?: boolean | null;
  /** Only orders whose reference, order number or customer name contains this text (order-search.ts). */
  search?: string | null;
  /**
   * Only the order with exactly this externalId: a marketplace asking whether its order arrived (its own
   * orders are looked up in the (marketplace, externalId) unique index). Several marketplaces may use the same
   * externalId, so a POS or an operator may find one order per marketplace.
   */
  externalId?: string | null;
  /** true: only test orders; false: none of them (what a figure counts); null or absent: both. */
  test?: boolean | null;
}

/** How many of a location's orders are in each status: the tabs of a live order board. */
export interface OrderStatusCount {
  status: OrderStatus;
  count: number;
}

export interface PlacedOrder {
  order: OrderView;
  /** false when the (marketplace, externalId) was placed before: the first order is returned (200, not 201). */
  created: boolean;
}

type Ctx = RequestContext;

function actorOf(ctx: Ctx): OrderActor {
  if (ctx.principal.type === 'user') return 'OPERATOR';
  return ctx.principal.kind === 'MARKETPLACE' ? 'MARKETPLACE' : 'POS';
}

/** The user or application behind a change, kept in statusHistory[].byId. */
function actorIdOf(ctx: Ctx): string {
  return ctx.principal.type === 'user' ? ctx.principal.userId : ctx.principal.applicationId;
}

/** A marketplace sees only the orders it placed (ownedBy, order.operations.ts); a POS and operators all of the location's. */
function visibleTo(access: LocationAccess): object {
  return access.ownedBy.orders ? { applicationId: access.ownedBy.orders } : {};
}

/**
 * Orders (docs/contract.md "Behaviours", "Operations", "Shapes existing clients send", "Order
 * statuses" and "Literal rules"): placement by a marketplace with tax resolution and ORDER_CREATED to the POS, reads,
 * and the status round trip with ORDER_STATUS_CHANGED to the other side. Every event is an outbox row written in the
 * statement or transaction of the change it reports.
 */
export class OrderService {
  /**
   * `placed` hears of every new order (the metrics of src/observability); the clock says whether the store is
   * open and an item snoozed when an order is placed.
   */
  constructor(
    private readonly clock: Clock,
    private readonly observers: { placed?: () => void } = {},
  ) {}

  /**
   * Two round trips: one read (the location, its parties and the catalog records the lines map to) and one
   * statement that inserts the order and, only if it was new, its ORDER_CREATED outbox rows: atomic as one
   * statement, with no transaction held open across the resolution in between. Under load that statement
   * writes the placements that arrived meanwhile too (order-insert.ts). `test`: a test order (the sandbox
   * marketplace's, src/modules/sandbox/test-order.service.ts), which no request body can ask for.
   */
  async place(access: LocationAccess, body: unknown, options: { test?: boolean } = {}): Promise<PlacedOrder> {
    // No read of the location row: the placement's one read below says whether it is (still) there.
    const { ctx, accountId, locationId } = access;
    const principal = ctx.principal;
    // Only marketplaces are granted a placement (order.operations.ts).
    if (principal.type !== 'application') throw new Error('a placement granted to an operator');
    const input = parseOrderInput(body);
    // Both statements run on the pool (ctx.db): a placement builds no entity and needs no EntityManager fork.
    const now = this.clock.now();
    const placement = await loadPlacementContext(
      ctx.db,
      accountId,
      locationId,
      catalogMatchesExpression(locationId, input.items),
      now,
    );
    const marketplace = placement?.parties.find((p) => p.applicationId === principal.applicationId);
    // Reach said yes, but the location or the connection is gone by now: out of reach all the same.
    if (!placement || !marketplace) throw new NotFoundError('Location');
    const items = resolveOrderTaxes(input.items, placement.catalogMatches);
    // Open for this marketplace by the hours that apply to it (its override, else the location's).
    const store = availabilityAt(scheduleFor(placement.schedules, marketplace.connectionId), placement.pause, now);
    const warnings = availabilityWarnings(store, input.items, placement.catalogMatches, now);
    const order = newOrder(accountId, placement.location, marketplace, principal.clientId, input, items, warnings);
    order.test = options.test === true;
    // The deadline counts from the order's arrival (its createdAt), in the hub clock's minutes.
    if (placement.acceptanceDeadlineMinutes !== null)
      order.details.acceptBy = acceptByFor(order.createdAt, this.clock.minutes(placement.acceptanceDeadlineMinutes));
    const view = toOrderView(order);
    const events = orderEvents(
      'ORDER_CREATED',
      placement.parties.filter((p) => p.kind === 'POS'),
      view,
      null,
    );
    // No read before the insert: a duplicate is rare, and the unique index answers it in the same statement.
    if (!(await insertOrder(ctx.db, order, events))) {
      // The same (marketplace, externalId) was placed before, or by a simultaneous request whose statement
      // has committed by now (the insert waited for it): the first order it is, without a second event.
      const first = await this.findPlaced(ctx.em, principal.applicationId, input.externalId, locationId);
      if (!first) throw new ConflictError('The order was placed concurrently; retry to read it');
      return { order: first, created: false };
    }
    // A test order counts in no figure, the metrics included.
    if (!order.test) this.observers.placed?.();
    return { order: view, created: true };
  }

  /** One prepared statement, no EntityManager (order-read.ts): the read partners poll most. */
  async findOne(access: LocationAccess, orderId: string): Promise<OrderView> {
    const { ctx, accountId, locationId } = access;
    // GraphQL and REST check ids are UUIDs; the statement casts them.
    const order = isUuid(orderId)
      ? await readOrder(ctx.db, { orderId, locationId, accountId, placedBy: access.ownedBy.orders })
      : null;
    if (!order) throw new NotFoundError('Order');
    return toOrderView(order);
  }

  async findAll(access: LocationAccess, input: OrderListInput): Promise<Page<OrderView>> {
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = await readableOrders(access, input);
    const statuses = statusFilter(input.status);
    if (statuses.length) where.status = { $in: statuses };
    const search = searchText(input.search);
    if (input.externalId != null) where.externalId = checkedExternalId(input.externalId);
    const newestFirst = input.newestFirst === true;
    const rows = await access.ctx.em.find(
      Order,
      {
        $and: [where, afterKeyFilter(page.after, newestFirst), ...(search ? [orderSearchFilter(search)] : [])],
      } as never,
      {
        orderBy: keyOrder(newestFirst),
        limit: page.limit + 1,
      },
    );
    return toPage(rows, page.limit, toOrderView);
  }

  /**
   * The statuses the caller may move this order to now (docs/contract.md "Order statuses" for its role): what the UI
   * offers. None when the caller may not change orders at all.
   */
  allowedTransitions(ctx: Ctx, order: Pick<OrderView, 'status'>): OrderStatus[] {
    if (!permits(ctx.principal, ORDER_OPERATIONS.updateStatus)) return [];
    return allowedTransitions(order.status, actorOf(ctx));
  }

  /**
   * Who made a change, by name: the application's name, or for an operator the user's e-mail (shown only
   * to operators; a partner application sees null). Null when unknown.
   */
  async actorName(ctx: Ctx, change: Pick<StatusChange, 'by' | 'byId'>): Promise<string | null> {
    if (!change.byId) return null;
    if (change.by === 'OPERATOR') {
      if (ctx.principal.type !== 'user') return null;
      const [user] = await sqlRows<{ email: string }>(ctx.em, 'select email from users where id = ?', [change.byId]);
      return user?.email ?? null;
    }
    return applicationName(ctx.em, change.byId);
  }

  /** Throws unless the location is there to read orders of (a live order board subscribes with this check). */
  async assertReadable(access: LocationAccess): Promise<void> {
    await access.load();
  }

  /** Every status with how many of the location's orders (those the caller sees, placed and changed as filtered) are in it. */
  async countByStatus(
    access: LocationAccess,
    input: Pick<OrderListInput, 'since' | 'until' | 'updatedSince' | 'test'>,
  ): Promise<OrderStatusCount[]> {
    const where = await readableOrders(access, input);
    const rows = await access.ctx.em
      .createQueryBuilder(Order)
      .select(['status', raw('count(*)::int as count')])
      .where(where)
      .groupBy('status')
      .execute<{ status: OrderStatus; count: number }[]>('all', false);
    const counted = new Map(rows.map((row) => [row.status, row.count]));
    return ORDER_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 }));
  }

  /**
   * The order PATCH (docs/contract.md "Operations" and "Order statuses"). The order row is locked, so concurrent
   * changes of one order apply one after the other and their events are enqueued in that same order.
   */
  async updateStatus(access: LocationAccess, orderId: string, body: unknown): Promise<OrderView> {
    const { ctx } = access;
    const patch = parseStatusPatch(body);
    const actor = actorOf(ctx);
    return ctx.em.transactional(async (em) => {
      const order = await this.load(access, em, orderId, true);
      const previous = toOrderView(order);
      const verdict = checkTransition(order.status, patch.status, actor);
      if (verdict.kind === 'refused') throw new InvalidTransitionError(verdict.reason);
      // The marketplace set the estimated times when it placed the order; the kitchen (POS, operator) moves them.
      const timesChanged = actor !== 'MARKETPLACE' && applyEstimatedTimes(order, patch);
      if (verdict.kind === 'unchanged' && !timesChanged) return previous;
      const now = new Date();
      if (verdict.kind === 'allowed')
        applyStatus(order, patch.status, { by: actor, byId: actorIdOf(ctx) }, patch.cancellationReason, now);
      order.updatedAt = now;
      // The application that made the change does not hear of it; an operator's change reaches both sides.
      const changedBy = ctx.principal.type === 'application' ? ctx.principal.applicationId : null;
      return announceOrderChange(em, ctx, {
        order,
        previous,
        statusChanged: verdict.kind === 'allowed',
        reason: patch.cancellationReason,
        changedBy,
      });
    });
  }

  /** The first order of (marketplace, externalId); a 409 when that externalId was used at another location. */
  private async findPlaced(
    em: EntityManager,
    applicationId: string,
    externalId: string,
    locationId: string,
  ): Promise<OrderView | null> {
    const order = await em.findOne(Order, { applicationId, externalId }, { disableIdentityMap: true });
    if (!order) return null;
    if (order.location.id !== locationId)
      throw new ConflictError(
        `externalId "${externalId}" was already used by this marketplace for an order at another location`,
      );
    return toOrderView(order);
  }

  /** The order in the reached location (no read of the location row: the order's own columns say where it is). */
  private async load(access: LocationAccess, em: EntityManager, orderId: string, lock: boolean): Promise<Order> {
    const { accountId, locationId } = access;
    const order = await em.findOne(
      Order,
      { id: orderId, location: locationId, accountId, ...visibleTo(access) } as never,
      {
        lockMode: lock ? LockMode.PESSIMISTIC_WRITE : undefined,
      },
    );
    if (!order) throw new NotFoundError('Order');
    return order;
  }
}

/**
 * The filter of the granted location's orders that the caller sees, placed and changed at or after the times
 * given (404 when the location is gone).
 */
async function readableOrders(
  access: LocationAccess,
  input: Pick<OrderListInput, 'since' | 'until' | 'updatedSince' | 'test'>,
): Promise<Record<string, unknown>> {
  await access.load();
  const where: Record<string, unknown> = {
    location: access.locationId,
    accountId: access.accountId,
    ...visibleTo(access),
  };
  const placed = {
    ...(input.since ? { $gte: sinceDate('since', input.since) } : {}),
    ...(input.until ? { $lt: sinceDate('until', input.until) } : {}),
  };
  if (Object.keys(placed).length > 0) where.createdAt = placed;
  if (input.updatedSince) where.updatedAt = { $gte: sinceDate('updatedSince', input.updatedSince) };
  if (input.test != null) where.test = input.test;
  return where;
}

function statusFilter(status: OrderListInput['status']): OrderStatus[] {
  const given = status == null ? [] : Array.isArray(status) ? status : [status];
  return given.map((value) => {
    const parsed = parseOrderStatus(value);
    if (!parsed) throw ValidationError.field('status', `"${value}" is not an order status`);
    return parsed;
  });
}

/** An externalId as placements take them (order.rules.ts `reference`): GraphQL arrives here unchecked. */
function checkedExternalId(externalId: string): string {
  if (externalId.length < 1 || externalId.length > MAX_REFERENCE_LENGTH)
    throw ValidationError.field('externalId', `must be a string of 1 to ${MAX_REFERENCE_LENGTH} characters`);
  return externalId;
}

function sinceDate(field: string, since: string): Date {
  const date = new Date(since);
  if (Number.isNaN(date.getTime())) throw ValidationError.field(field, 'must be an RFC 3339 date-time');
  return date;
}

/** True when an estimated time changed; the details object is replaced so the change is flushed. */
function applyEstimatedTimes(order: Order, patch: ReturnType<typeof parseStatusPatch>): boolean {
  const next = { ...order.details };
  let changed = false;
  for (const key of ['estimatedPickupTime', 'estimatedDeliveryTime'] as const) {
    if (patch[key] === undefined || sameInstant(next[key], patch[key])) continue;
    next[key] = patch[key];
    changed = true;
  }
  if (changed) order.details = next;
  return changed;
}

function sameInstant(a: unknown, b: string | null | undefined): boolean {
  if (a == null || b == null) return a == b;
  return typeof a === 'string' && Date.parse(a) === Date.parse(b);
}

function newOrder(
  accountId: string,
  location: OrderLocation,
  marketplace: OrderParty,
  clientId: string,
  input: OrderInput,
  items: unknown[],
  availabilityWarnings: AvailabilityWarning[],
): NewOrder {
  const now = new Date();
  return {
    id: uuidv7(),
    location: { id: location.id },
    accountId,
    applicationId: marketplace.applicationId,
    connectionId: marketplace.connectionId,
    clientId,
    sourceName: marketplace.name,
    externalId: input.externalId,
    test: false,
    status: 'NEW',
    cancellationReason: null,
    cancelledBy: null,
    createdAt: now,
    updatedAt: now,
    acceptedAt: null,
    rejectedAt: null,
    completedAt: null,
    cancelledAt: null,
    statusHistory: [{ status: 'NEW', at: now.toISOString(), by: 'MARKETPLACE', byId: marketplace.applicationId }],
    details: {
      ...input,
      currency: input.currency ?? location.currency,
      items,
      // Only when there is something to say: an order placed in time reads as it always has.
      ...(availabilityWarnings.length > 0 ? { availabilityWarnings } : {}),
    },
    locationSnapshot: location,
  };
}
