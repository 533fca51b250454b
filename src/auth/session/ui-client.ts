import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { sha256Hex, type SecretBox } from '../../common/crypto.js';
import { ALL_SCOPES } from '../../common/principal.js';
import { Application } from '../../modules/applications/index.js';

/** The web UI's own first-party client: it signs operators in with the password grant (docs/contract.md "Web UI"). */
const UI_CLIENT_ID = 'order-hub-web-ui';

export interface UiClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The UI client's secret is derived from ENCRYPTION_KEY rather than generated, so every hub process sharing a
 * database knows it without storing it anywhere readable, and no person ever needs to see it.
 */
function uiClientCredentials(box: SecretBox): UiClientCredentials {
  return { clientId: UI_CLIENT_ID, clientSecret: box.derive('web-ui-client-secret').toString('base64url') };
}

/**
 * Creates the UI client at start when it is missing (like the bootstrap client), and re-keys it when
 * ENCRYPTION_KEY changed. Runs after bootstrap(), so a fresh hub still generates its scripting client.
 */
export async function ensureUiClient(orm: MikroORM, box: SecretBox): Promise<UiClientCredentials> {
  const credentials = uiClientCredentials(box);
  const hash = sha256Hex(credentials.clientSecret);
  const em = orm.em.fork();
  const existing = await em.findOne(Application, { clientId: credentials.clientId });
  if (existing) {
    if (existing.clientSecretHash !== hash) {
      existing.clientSecretHash = hash;
      await em.flush();
    }
    return credentials;
  }
  const client = new Application({
    kind: null,
    name: 'Order Hub web UI (first-party)',
    clientId: credentials.clientId,
    clientSecretHash: hash,
  });
  client.firstParty = true;
  client.scopes = [...ALL_SCOPES];
  try {
    await em.persist(client).flush();
  } catch (error) {
    // Two processes starting together on a new database: the other one created it, with the same secret.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return credentials;
}
