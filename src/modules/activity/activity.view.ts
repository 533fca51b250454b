import type { ActivityEntry, ActorType } from './activity-entry.entity.js';

/** An entry of the activity log as REST and GraphQL show it; names are read when the entry is. */
export interface ActivityView {
  id: string;
  /** When the change was made (RFC 3339). */
  at: string;
  action: string;
  actor: {
    type: ActorType;
    id: string | null;
    /** The user's e-mail or the application's name; null for the hub itself or a record since deleted. */
    name: string | null;
    viaApplicationId: string | null;
    viaApplicationName: string | null;
  };
  sourceAddress: string | null;
  requestId: string | null;
  accountId: string | null;
  locationId: string | null;
  subject: { type: string; id: string | null; name: string | null };
  changes: Record<string, unknown> | null;
}

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
