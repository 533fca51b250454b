import type { LiveEvent, LiveResync, LiveSignal } from './live-signal.js';

// The in-process side of live signals: the one listening connection of this process hands every signal to
// the subscribers that asked for its location (or application, or user), each through a buffer of its own. A buffer
// is bounded: a subscriber that does not keep up (a stalled socket) loses what is buffered and is told to
// read again (resync), so one slow browser never grows the process's memory or holds up the others.

/**
 * Where a subscriber listens: every signal of one location, the deliveries addressed to one application, or the
 * ends of one user's sessions.
 */
export type LiveKey = { locationId: string } | { applicationId: string } | { userId: string };

/** Signals buffered per subscriber before it is considered behind. */
const DEFAULT_BUFFER_SIZE = 256;

function keyOf(key: LiveKey): string {
  if ('locationId' in key) return `location:${key.locationId}`;
  return 'applicationId' in key ? `application:${key.applicationId}` : `user:${key.userId}`;
}

function keysOf(signal: LiveSignal): string[] {
  if (signal.topic === 'signed-out') return [`user:${signal.userId}`];
  const keys = signal.locationId ? [`location:${signal.locationId}`] : [];
  if (signal.topic === 'delivery') keys.push(`application:${signal.applicationId}`);
  return keys;
}

export class LiveFanout {
  private readonly subscribers = new Map<string, Set<LiveSubscription>>();

  /** Signals of `key` from now on, as an async iterator; `return()` (or a `for await` that stops) unsubscribes. */
  subscribe(key: LiveKey, bufferSize = DEFAULT_BUFFER_SIZE): LiveSubscription {
    const name = keyOf(key);
    const subscription = new LiveSubscription(bufferSize, () => {
      const set = this.subscribers.get(name);
      set?.delete(subscription);
      if (set?.size === 0) this.subscribers.delete(name);
    });
    let set = this.subscribers.get(name);
    if (!set) this.subscribers.set(name, (set = new Set()));
    set.add(subscription);
    return subscription;
  }

  publish(signal: LiveSignal): void {
    for (const key of keysOf(signal)) {
      const set = this.subscribers.get(key);
      if (set) for (const subscription of set) subscription.push(signal);
    }
  }

  /** Every subscriber may have missed signals (the listening connection was down): each is told to read again. */
  resyncAll(reason: LiveResync['reason']): void {
    for (const set of this.subscribers.values()) for (const subscription of set) subscription.resync(reason);
  }

  /** Ends every subscription (shutdown). */
  closeAll(): void {
    for (const set of [...this.subscribers.values()]) for (const subscription of [...set]) void subscription.return();
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }
}

export class LiveSubscription implements AsyncIterableIterator<LiveEvent> {
  private readonly buffer: LiveEvent[] = [];
  private waiting: ((result: IteratorResult<LiveEvent>) => void) | null = null;
  private closed = false;

  constructor(
    private readonly bufferSize: number,
    private readonly onClose: () => void,
  ) {}

  push(signal: LiveSignal): void {
    if (this.closed) return;
    if (this.waiting) return this.hand(signal);
    if (this.buffer.length >= this.bufferSize) return this.resync('overflow');
    this.buffer.push(signal);
  }

  /** Drops what is buffered (it is stale or incomplete) and puts a single resync first. */
  resync(reason: LiveResync['reason']): void {
    if (this.closed) return;
    const event: LiveResync = { topic: 'resync', reason };
    if (this.waiting) return this.hand(event);
    this.buffer.length = 0;
    this.buffer.push(event);
  }

  next(): Promise<IteratorResult<LiveEvent>> {
    if (this.buffer.length > 0) return Promise.resolve({ value: this.buffer.shift()!, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<LiveEvent>> {
    if (!this.closed) {
      this.closed = true;
      this.buffer.length = 0;
      this.onClose();
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.({ value: undefined, done: true });
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Buffered events not yet taken. */
  get pending(): number {
    return this.buffer.length;
  }

  private hand(event: LiveEvent): void {
    const waiting = this.waiting!;
    this.waiting = null;
    waiting({ value: event, done: false });
  }
}
