import { Badge } from '@mantine/core';
import { useEffect } from 'react';
import { codeOf } from './errors';
import { useReachability } from '../hub-reachability';

// Screens kept live by a GraphQL subscription (graphql-ws, README "Live updates"): every subscription opens
// with a RESYNC event once it is in place, so "live" means that event came. While the socket is down the
// screen polls its query instead; a subscription the server refused (no reach, signed out) is not polled for,
// since its query is refused alike and the screen says so.

export type LiveState = 'live' | 'polling' | 'reconnecting' | 'connecting' | 'refused';

const REFUSALS = ['not_found', 'insufficient_scope', 'unauthorized', 'forbidden'];

/** Polls `query` every `everyMs` while the subscription is down; what state the screen is in. */
export function useLiveFallback(
  subscription: { error?: unknown; data?: unknown },
  query: { startPolling(ms: number): void; stopPolling(): void },
  everyMs = 5000,
): LiveState {
  const refused = Boolean(subscription.error) && REFUSALS.includes(codeOf(subscription.error) ?? '');
  // The socket reconnects by itself after it closed: the stream is down meanwhile, whatever came before.
  const reconnecting = useReachability().socketDown && !refused;
  const polling = (Boolean(subscription.error) && !refused) || reconnecting;
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (!polling) return;
    startPolling(everyMs);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling, everyMs]);
  if (refused) return 'refused';
  if (reconnecting) return 'reconnecting';
  if (polling) return 'polling';
  return subscription.data !== undefined ? 'live' : 'connecting';
}

const LOOK: Record<LiveState, { color: string; label: (everyMs: number) => string }> = {
  live: { color: 'teal', label: () => 'Live' },
  polling: { color: 'orange', label: (ms) => `Updating every ${ms / 1000} s` },
  reconnecting: { color: 'orange', label: (ms) => `Reconnecting… (updating every ${ms / 1000} s)` },
  connecting: { color: 'gray', label: () => 'Connecting…' },
  refused: { color: 'red', label: () => 'Not live' },
};

export function LiveBadge({ state, everyMs = 5000 }: { state: LiveState; everyMs?: number }) {
  return (
    <Badge color={LOOK[state].color} variant="light">
      {LOOK[state].label(everyMs)}
    </Badge>
  );
}
