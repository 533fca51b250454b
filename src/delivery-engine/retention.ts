import type { MikroORM } from '@mikro-orm/postgresql';
import { repeatInBatches } from '../db/batch-delete.js';
import { deleteInBatches } from '../db/batch-delete.js';
import { sqlChanged } from '../db/raw-sql.js';

/** What the partner answered last to delivery `alias` (the start of its body): null before any answer came. */
export function lastPartnerAnswerSql(alias: string): string {
  return `(select a.response_excerpt from delivery_attempts a
            where a.delivery_id = ${alias}.id and a.http_status is not null
            order by a.attempt_number desc limit 1)`;
}

/** The rows past retention (`?`: the cutoff); the partial index deliveries_delivered_at serves it. */
export const DELIVERED_BEFORE = `status = 'DELIVERED' and delivered_at < ?`;

/**
 * One batch: the deliveries go (their attempts with them: the foreign key cascades), and a menu publication
 * whose MENU_PUBLISHED delivery is among them keeps that delivery's outcome in its settled_* columns
 * (src/modules/menus/menu-publication.entity.ts). One statement, so a publication can never be seen without
 * both. Every part of it reads the statement's snapshot: the publication's update still sees the delivery and
 * its attempts that the delete removes. The delete checks the predicate again: a delivery replayed (PENDING
 * again) since the snapshot is re-read by the delete and stays; the outcome its publication copied is then
 * unused, since a publication reads its delivery while the delivery is there.
 */
const DELETE_DELIVERED_BATCH = `
  with doomed as (
    select id from deliveries where ${DELIVERED_BEFORE} limit ?
  ), kept as (
    update menu_publications p
       set settled_status = d.status, settled_attempts = d.attempt_count, settled_last_error = d.last_error,
           settled_partner_answer = ${lastPartnerAnswerSql('d')},
           settled_delivered_at = d.delivered_at, updated_at = greatest(p.updated_at, d.updated_at)
      from deliveries d
     where d.id in (select id from doomed) and p.delivery_id = d.id
  )
  delete from deliveries where id in (select id from doomed) and ${DELIVERED_BEFORE}`;

/**
 * Deletes deliveries DELIVERED more than `retentionDays` before `now`, with their attempts, in batches.
 * FAILED deliveries stay: they may still be replayed.
 */
export function deleteDeliveredBefore(orm: MikroORM, now: Date, retentionDays: number, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  return repeatInBatches(orm.em, batch, (outside) =>
    sqlChanged(outside, DELETE_DELIVERED_BATCH, [cutoff, batch, cutoff]),
  );
}

/**
 * Deletes the events of the feed (application-event.entity.ts) written more than `retentionDays` before `now`, in
 * batches, found through the BRIN index on created_at. A cursor that named one of them still works: it is a
 * position, not a row.
 */
export function deleteEventsBefore(orm: MikroORM, now: Date, retentionDays: number, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  return deleteInBatches(orm.em, 'application_events', 'created_at < ?', [cutoff], batch);
}
