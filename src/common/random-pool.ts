import { randomFillSync } from 'node:crypto';

// Random bytes drawn from the CSPRNG a few KiB at a time, as randomUUID does with its own cache: a call into
// OpenSSL per id cost more than the rest of the id (a placement makes several ids; every request without a
// traceparent starts a trace). Each byte is used once.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** Fills target[start, start + length) with fresh random bytes (length at most the pool's size). */
export function randomInto(target: Buffer, start: number, length: number): void {
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  pool.copy(target, start, poolOffset, poolOffset + length);
  poolOffset += length;
}

/** `length` fresh random bytes as lowercase hex. */
export function randomHex(length: number): string {
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + length);
  poolOffset += length;
  return hex;
}
