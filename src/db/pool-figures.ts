import type { MikroORM } from '@mikro-orm/postgresql';
import type { PoolReader } from '../observability/metrics.js';

/** tarn's pool under knex under MikroORM: the figures it keeps, read at scrape time. */
interface TarnPool {
  numUsed(): number;
  numPendingAcquires(): number;
}

/** The ORM's connection pool (the one requests use): connections checked out, and callers waiting for one. */
export function ormPoolFigures(orm: MikroORM): PoolReader {
  const pool = () => (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  return {
    inUse: () => pool()?.numUsed() ?? 0,
    waiting: () => pool()?.numPendingAcquires() ?? 0,
  };
}
