import { ClaimLoop, type RoundResult } from '../../src/delivery-engine/claim-loop.js';

// The delivery worker's claiming loop (src/delivery-engine/claim-loop.ts): wake-ups during a round fold into
// one more round, full claims claim again, and a failed round waits for the next wake-up.

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ClaimLoop', () => {
  it('folds every wake-up during a round into one more round', async () => {
    const gates: ReturnType<typeof deferred<RoundResult>>[] = [];
    const loop = new ClaimLoop(
      () => {
        const gate = deferred<RoundResult>();
        gates.push(gate);
        return gate.promise;
      },
      () => undefined,
    );
    loop.wake();
    loop.wake();
    loop.wake();
    expect(gates).toHaveLength(1);
    gates[0].resolve('done');
    await new Promise((r) => setImmediate(r));
    expect(gates).toHaveLength(2);
    gates[1].resolve('done');
    await loop.stop();
    expect(gates).toHaveLength(2);
  });

  it('does not lose a wake-up that comes as the last round ends, however many microtasks later', async () => {
    const ticks = (n: number) =>
      Array.from({ length: n }).reduce<Promise<void>>((p) => p.then(() => undefined), Promise.resolve());
    for (let delay = 0; delay <= 12; delay++) {
      let rounds = 0;
      const loop: ClaimLoop = new ClaimLoop(
        async () => {
          rounds++;
          // Woken again `delay` microtasks after this round answered, while the loop is letting go.
          if (rounds === 1) void ticks(delay).then(() => loop.wake());
          return 'done';
        },
        () => undefined,
      );
      loop.wake();
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      await loop.stop();
      expect({ delay, rounds }).toEqual({ delay, rounds: 2 });
    }
  });

  it('claims again at once while a round comes back full', async () => {
    const results: RoundResult[] = ['more', 'more', 'done'];
    let rounds = 0;
    const loop = new ClaimLoop(
      async () => results[rounds++],
      () => undefined,
    );
    loop.wake();
    await new Promise((r) => setImmediate(r));
    await loop.stop();
    expect(rounds).toBe(3);
  });

  it('reports a failed round and stops looping until the next wake-up', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = new ClaimLoop(
      async () => {
        rounds++;
        throw new Error('database away');
      },
      (error) => errors.push(error),
    );
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(rounds).toBe(1);
    expect(errors).toHaveLength(1);
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(rounds).toBe(2);
    await loop.stop();
  });

  it('starts no round after stop', async () => {
    let rounds = 0;
    const loop = new ClaimLoop(
      async () => (rounds++, 'done'),
      () => undefined,
    );
    await loop.stop();
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(rounds).toBe(0);
  });
});
