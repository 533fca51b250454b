// Group commit: callers hand in one item each and get its own result back, but the items are written
// together. While one write is in flight, new items queue; when it is done, the next write takes all of
// them at once. So a lone item is written at once (no timer, no waiting for company), and under load the
// batches grow by themselves to what arrives during one write, which is where the round trips are saved.

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Waiting<T, R>[] = [];
  private writing = false;

  /** `write` gets a batch and answers one result per item, in the same order; if it throws, every item of that batch fails with it. */
  constructor(private readonly write: (batch: readonly T[]) => Promise<readonly R[]>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          const results = await this.write(batch.map((w) => w.item));
          if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
          batch.forEach((w, i) => w.resolve(results[i]));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
