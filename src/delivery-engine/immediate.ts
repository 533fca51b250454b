import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { sqlChanged } from '../db/raw-sql.js';
import { currentUrlSql } from './partner-urls.js';
import type { ClaimedDelivery } from './claim.js';
import type { AttemptRecord } from './record-outcomes.js';

// A delivery sent at once, while its caller waits for the partner's answer (a test event): written by the outbox
// like any, then claimed by this process in the same transaction, so no worker picks it up, and attempted right
// after the commit. It gets one attempt: what the caller is shown is what happened, and Retry now in the
// delivery log sends it again. A process that dies in between leaves it claimed: reclaim hands it back, and it is
// delivered as any other, with its retries.

export interface ImmediateOutcome {
  attempt: AttemptRecord;
  status: 'DELIVERED' | 'FAILED';
  /** The URL the attempt went to. */
  url: string;
}

/** What a service needs of the engine to send one delivery at once. */
export interface ImmediateDelivery {
  /** In the transaction that enqueued it: the delivery is this process's to send. */
  reserve(em: EntityManager, deliveryId: string): Promise<void>;
  /** After that transaction committed: its one attempt, recorded in the delivery log. */
  send(deliveryId: string): Promise<ImmediateOutcome>;
}

/** Claims one just-enqueued delivery for process `?` (what every claim sets, claim.ts). */
const RESERVE_SQL = `
  update deliveries
     set status = 'DELIVERING', claimed_by = ?, attempt_count = attempt_count + 1, round_attempts = round_attempts + 1,
         last_attempt_at = now(), next_attempt_at = null, updated_at = now()
   where id = ? and status = 'PENDING'`;

/** The reserved delivery as a claim returns it; $1 id, $2 the process. */
const RESERVED_SQL = `
  select d.id, d.event_id, d.application_id, d.url, ${currentUrlSql('d')} as send_url, d.endpoint, d.payload::text as body,
         d.credentials_sealed, d.ordering_key, d.attempt_count, d.round_attempts, d.event_type, d.created_at, d.request_id, d.trace
    from deliveries d
   where d.id = $1 and d.claimed_by = $2 and d.status = 'DELIVERING'`;

export async function reserve(em: EntityManager, processId: string, deliveryId: string): Promise<void> {
  if ((await sqlChanged(em, RESERVE_SQL, [processId, deliveryId])) !== 1)
    throw new Error(`delivery ${deliveryId} is not PENDING: it cannot be sent at once`);
}

export async function readReserved(
  pool: pg.Pool,
  processId: string,
  deliveryId: string,
): Promise<ClaimedDelivery | undefined> {
  return (await pool.query<ClaimedDelivery>(RESERVED_SQL, [deliveryId, processId])).rows[0];
}
