import { AsyncLocalStorage } from 'node:async_hooks';

// A stored oidc-provider payload that the caller has already read, handed to the adapter for the duration of
// one provider call. The bearer authenticator reads an access token together with what its application
// reaches in one round trip, then lets the provider validate that token (expiry, format, session binding)
// without reading the row a second time. Scoped to the async call, so concurrent requests never see each
// other's rows.

export interface PrefetchedRow {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  /** Epoch seconds, or null. */
  consumed: number | null;
}

const current = new AsyncLocalStorage<PrefetchedRow>();

export function withPrefetchedPayload<T>(row: PrefetchedRow, call: () => Promise<T>): Promise<T> {
  return current.run(row, call);
}

/** The row prefetched for this (model, id) in the current call, if any. */
export function prefetchedPayload(model: string, id: string): PrefetchedRow | undefined {
  const row = current.getStore();
  return row && row.model === model && row.id === id ? row : undefined;
}
