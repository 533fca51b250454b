import type { Logger } from 'pino';
import { userBehind } from '../common/principal.js';
import type { LiveFanout } from '../live/live-fanout.js';
import type { SocketCaller } from './socket-caller.js';

// A subscription socket ends with the session or token it opened with, at once rather than at its next event:
// sign-out, deactivation and a password reset send a signed-out signal for the user (src/live, so every hub
// process hears it), and each socket of that user checks its own credential again. Another session of the same
// user (another browser) stays open. A resync (the listening connection was away, a signal may be lost) checks
// too. Sockets of an application's own token have no user and end at their next event as before.

/** Close code for a socket whose caller's session or token has ended: the same as a refused handshake. */
export const SIGNED_OUT = { code: 4403, reason: 'Forbidden: the session or token has ended' } as const;

/** Watches the socket's user; `close` is called once its credential no longer authenticates. Returns the unwatch. */
export function closeOnSignOut(fanout: LiveFanout, caller: SocketCaller, close: () => void, log: Logger): () => void {
  const user = userBehind(caller.opened.principal);
  if (!user) return () => undefined;
  const signals = fanout.subscribe({ userId: user.userId });
  void (async () => {
    for await (const _signal of signals) {
      try {
        if (await caller.current()) continue;
      } catch (error) {
        // The database could not say (an outage): the socket stays; its next event checks again.
        log.debug({ err: (error as Error).message }, 'live: could not check a socket after a sign-out');
        continue;
      }
      close();
      break;
    }
  })();
  return () => void signals.return();
}
