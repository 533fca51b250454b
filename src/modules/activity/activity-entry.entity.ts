import { Entity, Index, Property } from '@mikro-orm/core';
import { uuidv7 } from '../../common/ids.js';

/** Who made a change: an operator (a user), a partner application, or the hub itself (a scheduled task). */
export type ActorType = 'USER' | 'APPLICATION' | 'SYSTEM';

/**
 * One change made by an operator or a partner, written by recordActivity (record-activity.ts) with the change,
 * in its transaction. Never updated; deleted by housekeeping after ACTIVITY_RETENTION_DAYS. createdAt is when
 * the change was made.
 */
@Entity({ tableName: 'activity' })
// The Activity screen and GET /v1/activity read newest first, per account, per location or everything.
@Index({ properties: ['accountId', 'createdAt', 'id'] })
@Index({ properties: ['locationId', 'createdAt', 'id'] })
@Index({ properties: ['createdAt', 'id'] })
export class ActivityEntry {
  @Property({ type: 'uuid', primary: true })
  id: string = uuidv7();

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** What happened, as `subject.verb`: `application.secretsRotated`, `order.statusChanged`… (ACTIVITY_ACTIONS). */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  actorType!: ActorType;

  /** The user's or the application's id; null for the hub itself. */
  @Property({ type: 'uuid', nullable: true })
  actorId: string | null = null;

  /** The application a user acted through (a token an application obtained for the user). */
  @Property({ type: 'uuid', nullable: true })
  viaApplicationId: string | null = null;

  /** The client's address as the hub saw it (TRUST_PROXY decides whether a forwarded one counts). */
  @Property({ type: 'text', nullable: true })
  sourceAddress: string | null = null;

  /** The request's X-Request-Id: joins this entry with the access log and the deliveries it caused. */
  @Property({ type: 'text', nullable: true })
  requestId: string | null = null;

  /** Null for changes outside any account (applications, users). */
  @Property({ type: 'uuid', nullable: true })
  accountId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  locationId: string | null = null;

  /** The kind of record changed: `application`, `user`, `order`… */
  @Property({ type: 'text' })
  subjectType!: string;

  @Property({ type: 'text', nullable: true })
  subjectId: string | null = null;

  /** The record's name when it was changed (an application's name, an order's number), for people reading. */
  @Property({ type: 'text', nullable: true })
  subjectName: string | null = null;

  /** What changed: `{field: {from, to}}` or facts of the change; secrets are never in it (record-activity.ts). */
  @Property({ type: 'jsonb', nullable: true })
  changes: Record<string, unknown> | null = null;
}
