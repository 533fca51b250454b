import { NaturalBatch } from '../../src/db/natural-batch.js';

// Natural batching, as the delivery worker records attempt outcomes with it (a group commit), placements are
// inserted and bearer tokens read: a lone item is written at once, items arriving during a write go together
// in the next one, and each caller gets its own result.

/** A write the test completes by hand, noting every batch it was given. */
function controlledWrite() {
  const batches: number[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const write = (batch: readonly number[]) => {
    batches.push([...batch]);
    return new Promise<string[]>((resolve, reject) => {
      pending.push({ resolve: () => resolve(batch.map((n) => `wrote ${n}`)), reject });
    });
  };
  return { write, batches, pending };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('NaturalBatch', () => {
  it('writes a lone item at once, without waiting for company', async () => {
    const { write, batches, pending } = controlledWrite();
    const group = new NaturalBatch(write);
    const result = group.add(1);
    expect(batches).toEqual([[1]]);
    pending[0].resolve();
    await expect(result).resolves.toBe('wrote 1');
  });

  it('puts everything that arrives during a write into the next write, each caller getting its own result', async () => {
    const { write, batches, pending } = controlledWrite();
    const group = new NaturalBatch(write);
    const first = group.add(1);
    const during = [group.add(2), group.add(3), group.add(4)];
    expect(batches).toEqual([[1]]);
    pending[0].resolve();
    await first;
    await settled();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    pending[1].resolve();
    await expect(Promise.all(during)).resolves.toEqual(['wrote 2', 'wrote 3', 'wrote 4']);
  });

  it('fails only the items of a failed write; the next batch is written', async () => {
    const { write, batches, pending } = controlledWrite();
    const group = new NaturalBatch(write);
    const failing = [group.add(1)];
    const next = group.add(2);
    pending[0].reject(new Error('connection lost'));
    await expect(failing[0]).rejects.toThrow('connection lost');
    await settled();
    expect(batches).toEqual([[1], [2]]);
    pending[1].resolve();
    await expect(next).resolves.toBe('wrote 2');
  });

  it('refuses a write that answers for fewer items than it was given', async () => {
    const group = new NaturalBatch(async (batch: readonly number[]) => batch.slice(1));
    await expect(group.add(1)).rejects.toThrow('natural batch: 0 results for 1 items');
  });

  describe('isolating failures', () => {
    /** A statement that is all or nothing: a batch holding a bad item fails whole, and a batch without one succeeds. */
    const allOrNothing = (runs: number[][]) => async (batch: readonly number[]) => {
      runs.push([...batch]);
      if (batch.includes(13)) throw new Error('13 breaks a constraint');
      return batch.map((n) => `wrote ${n}`);
    };

    it('runs each item of a failed batch alone, so only the bad one fails', async () => {
      const runs: number[][] = [];
      const batch = new NaturalBatch(allOrNothing(runs), { isolateFailures: true });
      const first = batch.add(1);
      const together = [batch.add(12), batch.add(13), batch.add(14)].map((p) =>
        p.then(
          (r) => r,
          (e: Error) => e.message,
        ),
      );
      await first;
      await expect(Promise.all(together)).resolves.toEqual(['wrote 12', '13 breaks a constraint', 'wrote 14']);
      expect(runs).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
    });

    it('fails a lone item at once, without running it twice', async () => {
      const runs: number[][] = [];
      const batch = new NaturalBatch(allOrNothing(runs), { isolateFailures: true });
      await expect(batch.add(13)).rejects.toThrow('13 breaks a constraint');
      expect(runs).toEqual([[13]]);
    });

    it('is off by default: a failed batch fails every item of it', async () => {
      const runs: number[][] = [];
      const batch = new NaturalBatch(allOrNothing(runs));
      const first = batch.add(1);
      const together = [batch.add(12), batch.add(13)].map((p) =>
        p.then(
          (r) => r,
          (e: Error) => e.message,
        ),
      );
      await first;
      await expect(Promise.all(together)).resolves.toEqual(['13 breaks a constraint', '13 breaks a constraint']);
      expect(runs).toEqual([[1], [12, 13]]);
    });
  });
});
