import type { EntityManager } from '@mikro-orm/postgresql';
import { userBehind } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import { currentRequestScope } from '../../common/request-scope.js';
import { ActivityEntry } from './activity-entry.entity.js';

// The activity log's one way in, for every service: describe the change, and the entry is written by the
// flush that writes the change, in its transaction (both or neither). docs/activity.md says how to use it.

export interface ActivityChange {
  /** `subject.verb` in camelCase: `location.updated`, `order.statusChanged`, `delivery.retried`. */
  action: string;
  /** The account and location the change belongs to, when it belongs to one: who may read the entry follows. */
  accountId?: string | null;
  locationId?: string | null;
  /** The record changed; `name` is what a person recognises it by (an application's name, an order's number). */
  subject: { type: string; id?: string | null; name?: string | null };
  /** What changed (changesBetween) or facts of the change; anything named like a secret is left out. */
  changes?: Record<string, unknown> | null;
}

/** `ctx` of the request making the change, or SYSTEM for the hub's own (a scheduled task). */
export const SYSTEM = 'SYSTEM' as const;

/**
 * Adds the entry to `em`'s unit of work: the flush that writes the change (inside `em.transactional`, or the
 * one flush that is its own transaction) writes the entry with it. Call it before that flush; a change written
 * with plain SQL in a transaction flushes `em` before committing (em.transactional does).
 */
export function recordActivity(em: EntityManager, actor: RequestContext | typeof SYSTEM, change: ActivityChange): void {
  const entry = new ActivityEntry();
  entry.action = change.action;
  entry.accountId = change.accountId ?? null;
  entry.locationId = change.locationId ?? null;
  entry.subjectType = change.subject.type;
  entry.subjectId = change.subject.id ?? null;
  entry.subjectName = change.subject.name ?? null;
  entry.changes = change.changes ? withoutSecrets(change.changes) : null;
  if (actor === SYSTEM) {
    entry.actorType = 'SYSTEM';
  } else {
    const principal = actor.principal;
    // A user acting through an application is the user, via that application.
    const user = userBehind(principal);
    entry.actorType = user ? 'USER' : 'APPLICATION';
    entry.actorId = user?.userId ?? (principal.type === 'application' ? principal.applicationId : null);
    entry.viaApplicationId = principal.type === 'application' && user ? principal.applicationId : null;
    const scope = currentRequestScope();
    entry.requestId = scope?.requestId ?? actor.requestId;
    // An IPv4 client on a dual-stack socket reads ::ffff:203.0.113.7: recorded as the address people know.
    entry.sourceAddress = scope?.clientAddress?.()?.replace(/^::ffff:(?=\d+\.)/, '') ?? null;
  }
  em.persist(entry);
}

/** Field names whose values are never recorded, at any depth: a secret's change is recorded as `true`. */
const SECRET_NAME = /secret|password|credential|token|hash/i;

function withoutSecrets(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_NAME.test(key) ? true : scrubbed(inner)]),
  );
}

function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return withoutSecrets(value as Record<string, unknown>);
  return value;
}

/**
 * `{field: {from, to}}` for each of `fields` whose value differs between `before` and `after` (compared as
 * JSON); null when none does, so an unchanged write can skip its entry.
 */
export function changesBetween<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> | null {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changed[field] = { from, to };
  }
  return Object.keys(changed).length ? changed : null;
}
