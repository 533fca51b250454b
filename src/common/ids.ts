import { randomUUID } from 'node:crypto';
import { randomInto } from './random-pool.js';

// Service ids are UUID v7 (docs/contract.md "Conventions"): time-ordered, so b-tree inserts stay at the right edge and
// ids sort in creation order. Node 20 has no built-in v7, and the layout is small enough to own (RFC 9562 §5.7).
let lastMs = 0;
let sequence = 0;

export function uuidv7(now: number = Date.now()): string {
  // A 12-bit counter in rand_a keeps ids monotonic within one millisecond of this process.
  if (now <= lastMs) {
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    const seed = Buffer.allocUnsafe(2);
    randomInto(seed, 0, 2);
    sequence = seed.readUInt16BE(0) & 0x7ff;
  }
  const bytes = Buffer.allocUnsafe(16);
  // The first six bytes are the timestamp, the next two version and counter: only the last eight are random.
  randomInto(bytes, 8, 8);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A generated posReference (docs/contract.md "Records": a UUID when none is given). */
export function generatedReference(): string {
  return randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
