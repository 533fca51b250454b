import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One event the hub has for one application: the event feed (GET /v1/events) reads these, oldest first. Written
 * by the outbox (outbox.ts) in the very statement that writes the event's delivery, and also for an application
 * that has no URL for it: such an application gets its events from the feed alone. Kept for
 * EVENT_FEED_RETENTION_DAYS (at least 7), whether delivered or not.
 *
 * The feed's order is (xid, position): `xid` is the writing transaction's id, and the feed only answers rows of
 * transactions older than every transaction still running (event-feed-read.ts). A transaction still running can
 * therefore never commit an event before a cursor already handed out, in any process: a position alone (a
 * sequence) could, since sequence numbers are taken before commit, in any order.
 */
@Entity({ tableName: 'application_events' })
@Index({ name: 'application_events_feed', properties: ['applicationId', 'xid', 'position'] })
// Housekeeping deletes the oldest rows a batch at a time; rows arrive in time order, which a BRIN index follows at
// almost no cost per insert.
@Index({
  name: 'application_events_created_at',
  expression: `create index "application_events_created_at" on "application_events" using brin ("created_at")`,
})
export class ApplicationEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  position!: string;

  /** The writing transaction (pg_current_xact_id()): the feed's first ordering key. */
  @Property({ type: 'string', columnType: 'xid8', defaultRaw: 'pg_current_xact_id()' })
  xid!: string;

  /** The receiving application. */
  @Property({ type: 'uuid' })
  applicationId!: string;

  /** The envelope's eventId: the webhook-id of the same event's delivery. */
  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'text' })
  eventType!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;

  /** The body as the webhook carries it (json: kept byte for byte), its connection credentials masked. */
  @Property({ type: 'json', columnType: 'json' })
  payload!: unknown;

  /** The connection credentials the body carries, sealed; opened into it when the feed answers the application. */
  @Property({ type: 'text', nullable: true, lazy: true, hidden: true })
  credentialsSealed?: string | null;
}
