import { AsyncResource } from 'node:async_hooks';

// Natural batching: callers hand in one item each and get their own result back, but the items go to the
// database together. While one batch is in flight, new items queue; when it is done, the next batch takes all
// of them at once. So a lone item goes at once (no timer, no waiting for company), and under load the batches
// grow by themselves to what arrives during one round trip, which is where the round trips are saved: each
// statement costs the process and its backend a fixed share (a socket write that wakes the backend, a read,
// bind and executor start-up) whatever it carries (`npm run bench:orders` measures the saving).
//
// Used for writes (the delivery worker's attempt outcomes, a group commit; order placements) and for reads
// (the bearer token's row). A read in a batch starts after every one of its callers arrived, so it sees every
// change committed before they did: a token revoked before a request came in is revoked for it.

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface NaturalBatchOptions {
  /**
   * When a batch of several items fails, run each of them again alone, so that an item the statement cannot
   * take (a constraint it breaks) fails alone instead of taking its batch with it. Only for a `run` that is all
   * or nothing (one statement) and may run an item again (an insert that skips what exists).
   */
  isolateFailures?: boolean;
}

export class NaturalBatch<T, R> {
  private queue: Waiting<T, R>[] = [];
  private running = false;
  // Batches run in the async context the batch was made in, not in that of whichever caller found it idle: a
  // caller's request scope, or a transaction it is in (MikroORM's), must not reach its batch-mates' statements.
  private readonly scope = new AsyncResource('NaturalBatch');

  /** `run` gets a batch and answers one result per item, in the same order; if it throws, every item of that batch fails with it. */
  constructor(
    private readonly run: (batch: readonly T[]) => Promise<readonly R[]>,
    private readonly options: NaturalBatchOptions = {},
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.scope.runInAsyncScope(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          this.settle(batch, await this.runChecked(batch));
        } catch (error) {
          if (this.options.isolateFailures && batch.length > 1) await Promise.all(batch.map((w) => this.runAlone(w)));
          else for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async runChecked(batch: readonly Waiting<T, R>[]): Promise<readonly R[]> {
    const results = await this.run(batch.map((w) => w.item));
    if (results.length !== batch.length)
      throw new Error(`natural batch: ${results.length} results for ${batch.length} items`);
    return results;
  }

  private async runAlone(waiting: Waiting<T, R>): Promise<void> {
    try {
      this.settle([waiting], await this.runChecked([waiting]));
    } catch (error) {
      waiting.reject(error);
    }
  }

  private settle(batch: readonly Waiting<T, R>[], results: readonly R[]): void {
    batch.forEach((w, i) => w.resolve(results[i]));
  }
}
