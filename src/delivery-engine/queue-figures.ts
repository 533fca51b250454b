import type { MikroORM } from '@mikro-orm/postgresql';
import type { QueueReader } from '../observability/metrics.js';
import { sqlRows } from '../db/raw-sql.js';

// The delivery queue as Prometheus sees it, read at scrape time. Both figures come from the partial index of
// waiting deliveries (deliveries_due), so a scrape costs in proportion to the backlog, not to
// the table. NaN while the database cannot be read: a gap in the graph, not a failed scrape.

const QUEUE_SQL = `
select count(*)::int as depth,
       coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
  from deliveries
 where status = 'PENDING' and not held`;

export function deliveryQueueReader(orm: MikroORM): QueueReader {
  return {
    async queue() {
      try {
        const [row] = await sqlRows<{ depth: number; oldest: number }>(orm.em.fork(), QUEUE_SQL);
        return { depth: row.depth, oldestPendingSeconds: row.oldest };
      } catch {
        return { depth: Number.NaN, oldestPendingSeconds: Number.NaN };
      }
    },
  };
}
