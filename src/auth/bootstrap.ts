import type { MikroORM } from '@mikro-orm/postgresql';
import { generateSecret, sha256Hex } from '../common/crypto.js';
import { ALL_SCOPES } from '../common/principal.js';
import type { HubConfig } from '../config/config.js';
import { Application, newClientId, newClientSecret } from '../modules/applications/index.js';
import { insertUser, User } from '../modules/users/index.js';
import { sqlRows } from '../db/raw-sql.js';

// The first admin and the first first-party client (README "Settings"). BOOTSTRAP_ADMIN_* and
// BOOTSTRAP_CLIENT_* create exactly those when they are missing. Without them, a hub with no admin (or no
// first-party client) makes one with generated credentials and returns them, once, for main.ts to print.

const BOOTSTRAP_LOCK = 7_240_002;
const GENERATED_ADMIN_EMAIL = 'admin@localhost';

export interface Bootstrapped {
  /** Credentials generated on this start; undefined when nothing was generated. */
  admin?: { email: string; password: string };
  client?: { clientId: string; clientSecret: string };
}

export async function bootstrap(orm: MikroORM, config: HubConfig): Promise<Bootstrapped> {
  // One hub process at a time, so several starting together make one admin and one client.
  return orm.em.fork().transactional(async (em) => {
    await sqlRows(em, 'select pg_advisory_xact_lock(?)', [BOOTSTRAP_LOCK]);
    const made: Bootstrapped = {};

    if (config.bootstrapAdmin) {
      if (!(await em.findOne(User, { email: config.bootstrapAdmin.email.toLowerCase() }))) {
        await insertUser(em, { ...config.bootstrapAdmin, role: 'admin' }, null);
      }
    } else if ((await em.count(User, { role: 'admin' })) === 0) {
      made.admin = { email: GENERATED_ADMIN_EMAIL, password: generateSecret('', 18) };
      await insertUser(em, { ...made.admin, role: 'admin' }, null);
    }

    const wanted =
      config.bootstrapClient ??
      ((await em.count(Application, { firstParty: true, kind: null })) === 0
        ? { clientId: newClientId(), clientSecret: newClientSecret() }
        : undefined);
    if (wanted && !(await em.findOne(Application, { clientId: wanted.clientId }))) {
      const client = new Application({
        kind: null,
        name: 'Order Hub (first-party)',
        clientId: wanted.clientId,
        clientSecretHash: sha256Hex(wanted.clientSecret),
      });
      client.firstParty = true;
      client.scopes = [...ALL_SCOPES];
      em.persist(client);
      if (!config.bootstrapClient) made.client = wanted;
    }
    await em.flush();
    return made;
  });
}
