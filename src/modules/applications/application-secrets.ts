import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { generateSecret, secretBox } from '../../common/crypto.js';
import { NotFoundError } from '../../common/errors.js';
import { Application } from './application.entity.js';

// An application's secrets: made here (registration, rotation, the bootstrap client) and read here by the
// delivery engine, which signs webhooks outside any request.

/** New credentials: a public client id, a client secret (stored hashed) and a webhook secret (stored sealed). */
export function newClientId(): string {
  return generateSecret('oh_', 18);
}
export function newClientSecret(): string {
  return generateSecret();
}
/** Standard Webhooks' format: whsec_ + base64 of the 32-byte HMAC key. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The signing secret of an application's webhooks, for the delivery engine (outside any request). 404 when the
 * application does not exist or has none.
 */
export async function webhookSecretFor(em: EntityManager, applicationId: string): Promise<string> {
  const application = await em.findOne(Application, { id: applicationId });
  if (!application) throw new NotFoundError('Application');
  return webhookSecretOf(application);
}

/** The signing secret of an application already loaded (the catalog pull signs with the POS's). */
export function webhookSecretOf(application: Pick<Application, 'webhookSecretSealed'>): string {
  if (!application.webhookSecretSealed) throw new NotFoundError('Application');
  return secretBox().open(application.webhookSecretSealed);
}
