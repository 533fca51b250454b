import { GraphQLError } from 'graphql';
import { callerKey, type CallerRateLimit } from '../http/rate-limit.js';
import type { Principal } from '../common/principal.js';
import type { SubscriptionLimitsConfig } from '../config/config.js';
import { MAX_ANONYMOUS_REQUEST_BYTES } from './graphql-limits.js';

// What one caller may hold on subscription sockets. Every live subscription costs its process work on each
// event of the location it watches (the record read again for it), so they are bounded per socket and per
// user (or application) in each hub process, and every subscribe message takes a point of the caller's rate
// limit, as a request does. Before the socket has authenticated, it is held as short and as small as a request
// before sign-in.

/** Every message on a subscription socket, the first included: a subscription document is a few KiB. */
export const MAX_SOCKET_MESSAGE_BYTES = MAX_ANONYMOUS_REQUEST_BYTES;

/** From the socket's opening to its acknowledgement (connection_init received and its caller authenticated). */
export const SOCKET_AUTHENTICATION_MS = 3000;

/** A socket as graphql-ws keeps it: its subscriptions by id, those being started included. */
export interface SocketState {
  readonly subscriptions: Readonly<Record<string, unknown>>;
}

const tooMany = (message: string, extensions: Record<string, unknown> = {}) =>
  new GraphQLError(message, { extensions: { code: 'rate_limited', ...extensions } });

export class SubscriptionLimits {
  /** This process's acknowledged sockets, by the user (or application) they count against. */
  private readonly sockets = new Map<string, Set<SocketState>>();

  constructor(
    private readonly config: SubscriptionLimitsConfig,
    private readonly rateLimit: CallerRateLimit,
  ) {}

  /** The socket counts against the caller it opened with from now until it closes. */
  opened(principal: Principal, socket: SocketState): () => void {
    const key = callerKey(principal);
    let set = this.sockets.get(key);
    if (!set) this.sockets.set(key, (set = new Set()));
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(key) === set) this.sockets.delete(key);
    };
  }

  /** Null when the subscription being started on `socket` may go on; else the error that refuses it. */
  async admit(principal: Principal, socket: SocketState): Promise<GraphQLError | null> {
    const { perSocket, perUser } = this.config;
    if (Object.keys(socket.subscriptions).length > perSocket)
      return tooMany(
        `This socket holds ${perSocket} live subscriptions, the most one socket may; end one first or open another socket`,
        { limit: perSocket },
      );
    let held = 0;
    for (const each of this.sockets.get(callerKey(principal)) ?? []) held += Object.keys(each.subscriptions).length;
    if (held > perUser)
      return tooMany(`You hold ${perUser} live subscriptions, the most one caller may; end one first`, {
        limit: perUser,
      });
    const decision = await this.rateLimit.charge(principal, 1);
    if (!decision.allowed)
      return tooMany('Too many requests: subscribing takes a point of the rate limit, and none is left', {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    return null;
  }
}
