import type { Shape } from '../../shapes/shape.js';
import type { ActivityEntry } from './activity-entry.entity.js';

/** An entry of the activity log as REST and GraphQL show it; names are read when the entry is. */
export type ActivityView = Shape<'ActivityEntry'>;

export function toActivityView(entry: ActivityEntry, names: ReadonlyMap<string, string>): ActivityView {
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    action: entry.action,
    actor: {
      type: entry.actorType,
      id: entry.actorId,
      name: nameOf(entry.actorId),
      viaApplicationId: entry.viaApplicationId,
      viaApplicationName: nameOf(entry.viaApplicationId),
    },
    sourceAddress: entry.sourceAddress,
    requestId: entry.requestId,
    accountId: entry.accountId,
    locationId: entry.locationId,
    subject: { type: entry.subjectType, id: entry.subjectId, name: entry.subjectName },
    changes: entry.changes,
  };
}
