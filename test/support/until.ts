/**
 * Reads until `done` accepts what `read` answers, and returns it: a deadline, never a sleep on a guess. Fails
 * with `what` and the last answer once `timeoutMs` has passed.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
