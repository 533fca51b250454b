import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../common/ids.js';
import { NaturalBatch } from '../db/natural-batch.js';
import { preparedRows } from '../db/raw-sql.js';
import { jobRows, scheduleWithRowsSql, type ScheduledJob } from '../scheduler/schedule.js';
import { requestOrigin, type EnqueueDeliveryInput } from './outbox.js';
import { endpointOf } from './queue.js';

// Changes that open an ordering chain with their events (an order's ORDER_CREATED: nothing of that order can
// precede it, and nothing can follow it before the order is committed), written by one statement on the pool:
// one round trip, atomic without an explicit transaction. The caller declares its change as SQL that knows
// nothing of the engine's tables; the engine adds its outbox rows to the statement and batches the calls that
// arrive while one is in flight (src/db/natural-batch.ts): under load a change shares its round trip and its
// commit instead of paying for both alone (`npm run bench:orders` measures it). Every event goes into its
// application's feed; those with a URL get their delivery too. Opening a chain needs no chain lock: there is
// no earlier delivery to wait for. A change may come with timed work (an order's acceptance deadline): the
// caller names its jobs, and the scheduler's part of the statement adds them (src/scheduler/schedule.ts), so
// a row is never written without its jobs.

/** One row of the change as the caller's SQL reads it: `id` names the row its events belong to. */
export interface ChangeRow {
  id: string;
  [column: string]: unknown;
}

/** One call as the statement takes it: the change's row, its events' outbox rows and its jobs' rows. */
interface Pending {
  row: ChangeRow;
  events: Record<string, unknown>[];
  jobs: Record<string, unknown>[];
}

/**
 * The outbox part of the statement: each event names its row of `changed` (source_id) and is written only if
 * that row is there, so a change that did not happen (an insert that hit ON CONFLICT DO NOTHING) writes no
 * event, while the others of the same statement do.
 */
const OPENING_EVENTS_SQL = `opening AS (
       select e.* from changed source
         join json_to_recordset(?::json) as e(source_id uuid, id uuid, event_id uuid, event_type text, application_id uuid, account_id uuid,
                                               location_id uuid, connection_id uuid, ordering_key text, url text, endpoint text, payload json,
                                               request_id text, trace text)
           on e.source_id = source.id
     ), opening_deliveries AS (
       insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, account_id, location_id, connection_id,
              ordering_key, chain_position, url, endpoint, payload, status, held, request_id, trace)
       select e.id, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()), e.event_id, e.event_type,
              e.application_id, e.account_id, e.location_id, e.connection_id, e.ordering_key, case when e.ordering_key is null then null else 1 end,
              e.url, e.endpoint, e.payload, 'PENDING', false, e.request_id, e.trace
         from opening e
        where e.url is not null
     ), opening_feed AS (
       insert into application_events (application_id, event_id, event_type, payload)
       select e.application_id, e.event_id, e.event_type, e.payload from opening e
     )`;

/**
 * A writer of one kind of change with the events that open its chains. `changeSql` is the statement's first
 * common table expressions: they read the batch's rows from its one `?` (a JSON array of ChangeRow), make the
 * change, and end with one named `changed` that returns the `id` of each row changed. The statement's text is
 * built once here: a text rebuilt per call is hashed again by the prepared-statement cache (src/db/raw-sql.ts).
 */
export class ChangeWithEvents {
  private readonly sql: string;
  /** One batch per pool (the EntityManager every request's ctx.db is). */
  private readonly batches = new WeakMap<EntityManager, NaturalBatch<Pending, boolean>>();

  constructor(changeSql: string) {
    // The scheduler's part is a SELECT, which runs only as far as the statement reads it: its one row is read
    // after the changed rows' ids (a null id, which names no row).
    this.sql = `${changeSql}, ${OPENING_EVENTS_SQL}, ${scheduleWithRowsSql('changed')}
     SELECT id FROM changed
     UNION ALL SELECT NULL FROM scheduled`;
  }

  /**
   * Writes the change's row with its events and its jobs, outside any transaction (on the pool): true when the
   * row was changed, false when the change skipped it (and then no event is written and no job added). A batch
   * the statement cannot take (a constraint one of its rows breaks) runs again row by row, so the row fails
   * alone, with the database's error.
   */
  write(
    em: EntityManager,
    row: ChangeRow,
    events: readonly EnqueueDeliveryInput[],
    jobs: readonly ScheduledJob[] = [],
  ): Promise<boolean> {
    let batch = this.batches.get(em);
    if (!batch)
      this.batches.set(
        em,
        (batch = new NaturalBatch((pending) => this.writeBatch(em, pending), { isolateFailures: true })),
      );
    // Built here, in the caller's scope: each event names the request that caused it.
    return batch.add({ row, events: outboxRows(row.id, events), jobs: jobRows(row.id, jobs) });
  }

  private async writeBatch(em: EntityManager, pending: readonly Pending[]): Promise<boolean[]> {
    const rows = await preparedRows<{ id: string }>(em, this.sql, [
      JSON.stringify(pending.map((p) => p.row)),
      JSON.stringify(pending.flatMap((p) => p.events)),
      JSON.stringify(pending.flatMap((p) => p.jobs)),
    ]);
    const changed = new Set(rows.map((r) => r.id));
    return pending.map((p) => changed.has(p.row.id));
  }
}

/** The outbox rows of one change's events, each with its delivery id and the request that causes it. */
function outboxRows(sourceId: string, inputs: readonly EnqueueDeliveryInput[]): Record<string, unknown>[] {
  const origin = requestOrigin();
  return inputs.map((input) => ({
    ...origin,
    source_id: sourceId,
    id: uuidv7(),
    event_id: input.eventId ?? uuidv7(),
    event_type: input.eventType,
    application_id: input.applicationId,
    account_id: input.accountId ?? null,
    location_id: input.locationId ?? null,
    connection_id: input.connectionId ?? null,
    ordering_key: input.orderingKey ?? null,
    url: input.url,
    endpoint: input.url === null ? null : endpointOf(input.url),
    payload: input.payload ?? null,
  }));
}
