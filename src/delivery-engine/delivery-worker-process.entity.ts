import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A hub process running the delivery worker. While alive it holds a session advisory lock derived from its
 * id; when another process can take that lock, the process is gone, and what it left half-done is handed
 * back (src/delivery-engine/reclaim.ts).
 */
@Entity({ tableName: 'delivery_worker_processes' })
export class DeliveryWorkerProcess {
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** graphile-worker's worker ids in that process: their job locks are released when it is gone. */
  @Property({ type: 'text[]' })
  workerIds: string[] = [];

  @Property({ type: 'timestamptz' })
  startedAt: Date = new Date();
}
