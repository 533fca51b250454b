import { canReachLocation, requireScope } from '../../common/access.js';
import { DomainError, NotFoundError, ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { ADD_DELIVER_JOB_SQL, forKnex } from '../../delivery/jobs.js';
import { loadReachableLocation } from '../locations/location.service.js';
import { DeliveryAttempt } from './delivery-attempt.entity.js';
import { DELIVERY_STATUSES, Delivery, type DeliveryStatus } from './delivery.entity.js';
import { toDeliveryDetailView, toDeliveryView, type DeliveryDetailView, type DeliveryView } from './delivery.view.js';

// The delivery log (CONTRACT section 7) for operators and partners, with scope deliveries.read:
// - admins see every delivery;
// - a partner application sees only the deliveries addressed to it (never another partner's payloads);
// - users (resellers, merchants) see the deliveries of the locations they reach.
// Anything else is 404 (reach is checked before scope, as in every service). A replay (retry) needs the
// same visibility and, for users other than admins, the
// write scope of the location (locations.write); an application may replay its own deliveries.

export interface DeliveryListInput extends ListInput {
  status?: string | null;
}

function statusFilter(status: string | null | undefined): { status?: DeliveryStatus } {
  if (status == null) return {};
  if (!(DELIVERY_STATUSES as readonly string[]).includes(status)) throw ValidationError.field('status', `must be one of ${DELIVERY_STATUSES.join(', ')}`);
  return { status: status as DeliveryStatus };
}

function canSee(ctx: RequestContext, delivery: Delivery): boolean {
  if (ctx.reach.all) return true;
  if (ctx.principal.type === 'application') return delivery.applicationId === ctx.principal.applicationId;
  return Boolean(delivery.accountId && delivery.locationId && canReachLocation(ctx, delivery.accountId, delivery.locationId));
}

/** Only these can be replayed; a delivery on its way already is a conflict. */
const REPLAYABLE: DeliveryStatus[] = ['FAILED', 'DELIVERED'];

export class DeliveryService {
  async findAllForLocation(ctx: RequestContext, accountId: string, locationId: string, input: DeliveryListInput): Promise<Page<DeliveryView>> {
    await loadReachableLocation(ctx, accountId, locationId);
    requireScope(ctx, 'deliveries.read');
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { locationId, ...statusFilter(input.status) };
    const own = ctx.principal.type === 'application' && !ctx.reach.all ? { applicationId: ctx.principal.applicationId } : {};
    return findPage(ctx.em, Delivery, { ...where, ...own }, page, toDeliveryView);
  }

  async findAllForApplication(ctx: RequestContext, applicationId: string, input: DeliveryListInput): Promise<Page<DeliveryView>> {
    const isThatApplication = ctx.principal.type === 'application' && ctx.principal.applicationId === applicationId;
    if (!ctx.reach.all && !isThatApplication) throw new NotFoundError('Application');
    requireScope(ctx, 'deliveries.read');
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { applicationId, ...statusFilter(input.status) };
    return findPage(ctx.em, Delivery, where, page, toDeliveryView);
  }

  async findOne(ctx: RequestContext, id: string): Promise<DeliveryDetailView> {
    const delivery = await this.loadVisible(ctx, id);
    requireScope(ctx, 'deliveries.read');
    return this.detail(ctx, delivery);
  }

  /**
   * Sends a FAILED (or DELIVERED) delivery again now, with the same webhook-id and a fresh retry schedule.
   * A replay is an operator's decision: it does not wait for other deliveries of its ordering chain.
   */
  async retry(ctx: RequestContext, id: string): Promise<DeliveryDetailView> {
    return ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const delivery = await this.loadVisible(tx, id);
      requireScope(ctx, 'deliveries.read');
      const owner = ctx.principal.type === 'application' && delivery.applicationId === ctx.principal.applicationId;
      if (!ctx.reach.all && !owner) requireScope(ctx, 'locations.write');
      const [row] = await em.execute<{ job_seq: number; endpoint: string }[]>(
        `update deliveries
            set status = 'PENDING', held = false, round_attempts = 0, job_seq = job_seq + 1, next_attempt_at = null, last_error = null, updated_at = now()
          where id = ? and status in (${REPLAYABLE.map(() => '?').join(', ')})
        returning job_seq, endpoint`,
        [id, ...REPLAYABLE],
      );
      if (!row) throw new DomainError('invalid_transition', `Only a ${REPLAYABLE.join(' or ')} delivery can be retried; this one is ${delivery.status}`);
      await em.execute(...forKnex(ADD_DELIVER_JOB_SQL, [id, row.job_seq, row.endpoint, null]));
      await em.refresh(delivery);
      return this.detail(tx, delivery);
    });
  }

  private async loadVisible(ctx: RequestContext, id: string): Promise<Delivery> {
    const delivery = await ctx.em.findOne(Delivery, { id });
    if (!delivery || !canSee(ctx, delivery)) throw new NotFoundError('Delivery');
    return delivery;
  }

  private async detail(ctx: RequestContext, delivery: Delivery): Promise<DeliveryDetailView> {
    const attempts = await ctx.em.find(DeliveryAttempt, { delivery: delivery.id }, { orderBy: { attemptNumber: 'asc', startedAt: 'asc' } });
    return toDeliveryDetailView(delivery, attempts);
  }
}
