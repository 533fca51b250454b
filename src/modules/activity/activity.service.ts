import type { EntityManager } from '@mikro-orm/postgresql';
import type { Grant } from '../../auth/authorize.js';
import { canReachLocation } from '../../common/access.js';
import { NotFoundError, ValidationError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { afterKeyFilter, keyOrder, pageRequest, toPage, type ListInput, type Page } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { sqlRows } from '../../db/raw-sql.js';
import { ActivityEntry } from './activity-entry.entity.js';
import { toActivityView, type ActivityView } from './activity.view.js';

/** An application's name, null once it is gone. */
type ApplicationNameReader = (em: EntityManager, applicationId: string) => Promise<string | null>;

export interface ActivityListInput extends ListInput {
  accountId?: string | null;
  locationId?: string | null;
  /** An action (`order.statusChanged`) or a subject type (`order`: every action on orders). */
  action?: string | null;
  /** Changes made by this user or application. */
  actorId?: string | null;
  /** RFC 3339: changes made at or after it. */
  from?: string | null;
  /** RFC 3339: changes made before it. */
  to?: string | null;
}

/**
 * The activity log, newest first, for operators: an admin reads every entry; a reseller or merchant the
 * entries of the accounts it reaches and the changes it made itself (a user it created, say). Partner
 * applications read none (404). Filters narrow that down: an account, a location (it must be in reach),
 * an action, an actor and a time range.
 */
export class ActivityService {
  /**
   * applicationName is the applications module's batched name reader, handed over by the wiring
   * (src/services.ts): the applications module records activity, so importing it here would close a cycle.
   */
  constructor(private readonly applicationName: ApplicationNameReader) {}

  async findAll({ ctx }: Grant, input: ActivityListInput): Promise<Page<ActivityView>> {
    const principal = ctx.principal;
    // Only operators are granted the log (activity.operations.ts).
    if (principal.type !== 'user') throw new Error('the activity log granted to an application');
    const page = pageRequest(input.limit, input.nextPageKey);
    const conditions: object[] = [afterKeyFilter(page.after, true)];
    if (!ctx.reach.all)
      conditions.push({ $or: [{ accountId: { $in: [...ctx.reach.accountIds] } }, { actorId: principal.userId }] });
    if (input.accountId != null) {
      uuid('accountId', input.accountId);
      if (!ctx.reach.all && !ctx.reach.accountIds.has(input.accountId)) throw new NotFoundError('Account');
      conditions.push({ accountId: input.accountId });
    }
    if (input.locationId != null) {
      uuid('locationId', input.locationId);
      if (input.accountId != null && !canReachLocation(ctx, input.accountId, input.locationId))
        throw new NotFoundError('Location');
      conditions.push({ locationId: input.locationId });
    }
    if (input.action != null) conditions.push(actionFilter(input.action));
    if (input.actorId != null) conditions.push({ actorId: uuid('actorId', input.actorId) });
    if (input.from != null) conditions.push({ createdAt: { $gte: instant('from', input.from) } });
    if (input.to != null) conditions.push({ createdAt: { $lt: instant('to', input.to) } });
    const rows = await ctx.em.find(ActivityEntry, { $and: conditions } as never, {
      orderBy: keyOrder(true),
      limit: page.limit + 1,
    });
    const names = await namesOf(ctx, rows, this.applicationName);
    return toPage(rows, page.limit, (row) => toActivityView(row, names));
  }
}

function uuid(field: string, value: string): string {
  if (!isUuid(value)) throw ValidationError.field(field, 'must be a UUID');
  return value;
}

function instant(field: string, value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw ValidationError.field(field, 'must be an RFC 3339 date-time');
  return date;
}

const ACTION = /^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?$/;

function actionFilter(action: string): object {
  if (!ACTION.test(action))
    throw ValidationError.field('action', 'must be an action (order.statusChanged) or a subject (order)');
  return action.includes('.') ? { action } : { subjectType: action };
}

/** The e-mails and application names of the page's actors, in two statements. */
async function namesOf(
  ctx: RequestContext,
  rows: ActivityEntry[],
  applicationName: ApplicationNameReader,
): Promise<Map<string, string>> {
  const users = new Set<string>();
  const applications = new Set<string>();
  for (const row of rows) {
    if (row.actorId) (row.actorType === 'USER' ? users : applications).add(row.actorId);
    if (row.viaApplicationId) applications.add(row.viaApplicationId);
  }
  const names = new Map<string, string>();
  if (users.size)
    for (const { id, name } of await sqlRows<{ id: string; name: string }>(
      ctx.em,
      'select id, email as name from users where id = any(?::uuid[])',
      [[...users]],
    ))
      names.set(id, name);
  await Promise.all(
    [...applications].map(async (id) => {
      const name = await applicationName(ctx.em, id);
      if (name) names.set(id, name);
    }),
  );
  return names;
}
