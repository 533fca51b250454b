import { GroupCommit } from '../../src/delivery-engine/group-commit.js';

// Group commit, as the delivery worker records attempt outcomes with it: a lone item is written at once,
// items arriving during a write go together in the next one, and each caller gets its own result.

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

describe('GroupCommit', () => {
  it('writes a lone item at once, without waiting for company', async () => {
    const { write, batches, pending } = controlledWrite();
    const group = new GroupCommit(write);
    const result = group.add(1);
    expect(batches).toEqual([[1]]);
    pending[0].resolve();
    await expect(result).resolves.toBe('wrote 1');
  });

  it('puts everything that arrives during a write into the next write, each caller getting its own result', async () => {
    const { write, batches, pending } = controlledWrite();
    const group = new GroupCommit(write);
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
    const group = new GroupCommit(write);
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
    const group = new GroupCommit(async (batch: readonly number[]) => batch.slice(1));
    await expect(group.add(1)).rejects.toThrow('0 results for 1 items');
  });
});
