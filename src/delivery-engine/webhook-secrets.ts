// Where the worker gets an application's webhook secret. The applications module provides the real source
// (webhookSecretFor, application-secrets.ts); the worker only knows this interface, so it can be wired in src/hub.ts and tests.

export interface WebhookSecretSource {
  /** The application's current webhook secret (`whsec_<base64>` or raw); throws when the application is unknown. */
  secretFor(applicationId: string): Promise<string>;
}

/**
 * Remembers secrets for a few seconds: one lookup per application per interval instead of one per
 * delivery, at the price of a rotated secret taking up to ttlMs to be used.
 */
export function cachedSecrets(
  source: WebhookSecretSource,
  ttlMs = 5000,
  now: () => number = Date.now,
): WebhookSecretSource {
  const cache = new Map<string, { secret: Promise<string>; until: number }>();
  return {
    secretFor(applicationId) {
      const hit = cache.get(applicationId);
      if (hit && hit.until > now()) return hit.secret;
      const secret = source.secretFor(applicationId);
      cache.set(applicationId, { secret, until: now() + ttlMs });
      secret.catch(() => cache.delete(applicationId));
      return secret;
    },
  };
}
