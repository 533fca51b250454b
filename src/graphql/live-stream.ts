import { Subscription, type SubscribeResolverData } from 'type-graphql';
import { authorize, type Grants, type TargetIds } from '../auth/authorize.js';
import type { OperationRule, Target } from '../auth/operation.js';
import { DomainError, NotFoundError } from '../common/errors.js';
import type { RequestContext } from '../common/request-context.js';
import type { LiveKey, LiveSubscription } from '../live/live-fanout.js';
import type { LiveSignal } from '../live/live-signal.js';
import type { GraphQLContext, LiveContext } from './context.js';
import { Declared } from './granted.js';

// The one shape of every GraphQL subscription of the hub: its declared operation (the same as the matching
// query's) is authorized when it starts (a location out of reach is refused before anything is sent), then
// for each live signal that concerns the subscription it is authorized again with the caller as of now and
// the record is read again through the services, and pushed. A record the caller may not see (another marketplace's order) is skipped. A resync
// (signals may have been missed) is pushed as such, so the client reads everything again. An error while
// reading (the token expired) is pushed once, then the subscription completes. The first event is always a
// RESYNC: it says the subscription is in place, so a client that reads the current state then misses
// nothing between its read and its subscription.

type LiveEventKind = 'CREATED' | 'STATUS_CHANGED' | 'UPDATED' | 'CHANGED' | 'RESYNC';

export interface LiveItem<T> {
  kind: LiveEventKind;
  value: T | null;
  /** The context the value was read with: field resolvers of the event read with it too. */
  ctx: RequestContext;
}

export interface LiveStreamSpec<T, G extends Target> {
  /** The subscription field: with `ids`, what makes two subscriptions read the same for an event. */
  field: string;
  key: LiveKey;
  /** The declared operation (src/auth/operation.ts) and the ids the subscription's arguments name. */
  operation: OperationRule<G>;
  ids: TargetIds[G];
  /** What starting needs beyond the grant (the record watched is there): throws when it may not start. */
  start?(grant: Grants[G]): Promise<unknown>;
  /** Reads what the signal names; null (or a NotFoundError) skips it. Signals it does not concern are skipped. */
  load(grant: Grants[G], signal: LiveSignal): Promise<{ kind: LiveEventKind; value: T } | null>;
}

/** What the source stream yields: an event, or the error that ends it (thrown by the field resolver). */
export type LiveStreamItem<T> = LiveItem<T> | { error: unknown };

async function liveStream<T, G extends Target>(
  context: GraphQLContext,
  spec: LiveStreamSpec<T, G>,
): Promise<AsyncIterableIterator<LiveStreamItem<T>>> {
  const live = context.live;
  if (!live)
    throw new DomainError('validation_failed', 'Subscriptions are served over WebSocket (graphql-ws) at /graphql');
  const grant = await authorize(context.ctx, spec.operation, spec.ids);
  await spec.start?.(grant);
  return new LiveStream(live.fanout.subscribe(spec.key), live, spec, context.ctx);
}

/**
 * A subscription field served by liveStream: `stream` says, for the subscription's arguments, what it
 * watches and how it reads an event; the field is marked as the declared operation it authorizes with.
 */
export function LiveSubscriptionField<T, G extends Target, A>(
  returns: Parameters<typeof Subscription>[0],
  operation: OperationRule<G>,
  description: string,
  stream: (data: { args: A; context: GraphQLContext }) => Omit<LiveStreamSpec<T, G>, 'operation' | 'field'>,
): MethodDecorator {
  return (prototype, propertyKey, descriptor) => {
    const field = String(propertyKey);
    const subscribe = (data: SubscribeResolverData<unknown, A, GraphQLContext>) =>
      liveStream<T, G>(data.context, { ...stream(data), operation, field });
    Subscription(returns, { description, subscribe })(prototype, propertyKey, descriptor);
    Declared(operation)(prototype, propertyKey, descriptor);
  };
}

/**
 * A hand-written iterator rather than an async generator: a generator waiting for the next signal cannot be
 * closed until one arrives, and an unsubscribed client would keep its buffer until then.
 */
class LiveStream<T, G extends Target> implements AsyncIterableIterator<LiveStreamItem<T>> {
  private done = false;
  private started = false;
  private readonly readKey: string;

  constructor(
    private readonly subscription: LiveSubscription,
    private readonly live: LiveContext,
    private readonly spec: LiveStreamSpec<T, G>,
    private readonly initialCtx: RequestContext,
  ) {
    this.readKey = `${spec.field}:${JSON.stringify(spec.ids)}`;
  }

  async next(): Promise<IteratorResult<LiveStreamItem<T>>> {
    if (!this.started && !this.done) {
      this.started = true;
      return { value: { kind: 'RESYNC', value: null, ctx: this.initialCtx }, done: false };
    }
    while (!this.done) {
      const event = await this.subscription.next();
      if (event.done) break;
      try {
        const signal = event.value;
        if (signal.topic === 'resync')
          return { value: { kind: 'RESYNC', value: null, ctx: await this.live.fresh(signal) }, done: false };
        // Subscriptions of the socket that watch the same (field and arguments) read the event once, together.
        const { ctx, value: loaded } = await this.live.readOnce(signal, this.readKey, async (ctx) =>
          this.spec.load(await authorize(ctx, this.spec.operation, this.spec.ids), signal),
        );
        if (loaded) return { value: { ...loaded, ctx }, done: false };
      } catch (error) {
        if (error instanceof NotFoundError) continue;
        void this.return();
        return { value: { error }, done: false };
      }
    }
    return { value: undefined, done: true };
  }

  async return(): Promise<IteratorResult<LiveStreamItem<T>>> {
    this.done = true;
    await this.subscription.return();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** The field resolver's side: an event is passed on, the error that ends the stream is thrown. */
export function liveItem<T>(item: LiveStreamItem<T>): LiveItem<T> {
  if ('error' in item) throw item.error;
  return item;
}
