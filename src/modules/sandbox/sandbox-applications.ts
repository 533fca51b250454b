import type { MikroORM } from '@mikro-orm/postgresql';
import { generateSecret, secretBox, sha256Hex } from '../../common/crypto.js';
import type { ApplicationKind } from '../../common/principal.js';
import { sqlRows } from '../../db/raw-sql.js';
import { defaultScopes, newWebhookSecret } from '../applications/index.js';

// The hub's built-in sandbox partners: a POS and a marketplace that an operator connects to a location like any
// application, so an order can be seen flowing before any real partner exists. They are applications like the
// others (listed, connected, called through the delivery engine, signed, logged), with three differences:
// the hub makes them (outside production only, at every start), nobody can change them, and their URLs are
// this hub's own /sandbox endpoints, which the delivery engine calls on the process's own address.

/** Fixed ids: every hub process, and every start, names the same two applications. */
export const SANDBOX_POS_ID = '0195a000-5a4d-7b0c-8000-000000000001';
export const SANDBOX_MARKETPLACE_ID = '0195a000-5a4d-7b0c-8000-000000000002';

/** The ids the delivery engine calls on this process's own address (the only ones). */
export const SANDBOX_APPLICATION_IDS: ReadonlySet<string> = new Set([SANDBOX_POS_ID, SANDBOX_MARKETPLACE_ID]);

/** Where the sandbox endpoints are mounted (src/http/sandbox-endpoints.ts). */
export const SANDBOX_MOUNT = '/sandbox';

/** The endpoints of each sandbox partner, under SANDBOX_MOUNT. */
export const SANDBOX_PATHS = {
  posWebhooks: '/pos/webhooks',
  posCatalog: '/pos/catalog',
  marketplaceWebhooks: '/marketplace/webhooks',
  marketplaceMenus: '/marketplace/menus',
  marketplaceStoreStatus: '/marketplace/store-status',
} as const;

/** Who a sandbox partner is, as a principal acting on its own (sandbox-context.ts). */
export interface SandboxIdentity {
  id: string;
  kind: ApplicationKind;
  clientId: string;
}

export const SANDBOX_POS: SandboxIdentity = { id: SANDBOX_POS_ID, kind: 'POS', clientId: 'oh_sandbox_pos' };
export const SANDBOX_MARKETPLACE: SandboxIdentity = {
  id: SANDBOX_MARKETPLACE_ID,
  kind: 'MARKETPLACE',
  clientId: 'oh_sandbox_marketplace',
};

interface SandboxApplication extends SandboxIdentity {
  name: string;
  urls: { webhookUrl: string; catalogPullUrl?: string; menuPublicationUrl?: string; storeStatusUrl?: string };
}

function sandboxApplications(baseUrl: string): SandboxApplication[] {
  const at = (path: string) => `${baseUrl}${SANDBOX_MOUNT}${path}`;
  return [
    {
      ...SANDBOX_POS,
      name: 'Sandbox POS',
      urls: { webhookUrl: at(SANDBOX_PATHS.posWebhooks), catalogPullUrl: at(SANDBOX_PATHS.posCatalog) },
    },
    {
      ...SANDBOX_MARKETPLACE,
      name: 'Sandbox marketplace',
      urls: {
        webhookUrl: at(SANDBOX_PATHS.marketplaceWebhooks),
        menuPublicationUrl: at(SANDBOX_PATHS.marketplaceMenus),
        storeStatusUrl: at(SANDBOX_PATHS.marketplaceStoreStatus),
      },
    },
  ];
}

/**
 * One statement per application, safe when several processes start at once: created when missing (with a
 * webhook secret of its own and a client secret nobody is ever shown, so no token can be had for it), its name
 * and URLs brought to this hub's base URL otherwise. The webhook secret is kept across starts.
 */
const ENSURE_SQL = `
  insert into applications (id, created_at, updated_at, kind, name, client_id, client_secret_hash, webhook_secret_sealed,
                            redirect_uris, scopes, webhook_url, catalog_pull_url, menu_publication_url, store_status_url,
                            first_party, created_by_user_id, sandbox)
  values (?, now(), now(), ?, ?, ?, ?, ?, '[]', ?::jsonb, ?, ?, ?, ?, false, null, true)
  on conflict (id) do update
    set name = excluded.name, webhook_url = excluded.webhook_url, catalog_pull_url = excluded.catalog_pull_url,
        menu_publication_url = excluded.menu_publication_url, store_status_url = excluded.store_status_url,
        sandbox = true, updated_at = case
          when (applications.name, applications.webhook_url, applications.catalog_pull_url, applications.menu_publication_url,
                applications.store_status_url, applications.sandbox)
               is distinct from (excluded.name, excluded.webhook_url, excluded.catalog_pull_url, excluded.menu_publication_url,
                                 excluded.store_status_url, true)
          then now() else applications.updated_at end`;

/** Makes the sandbox partners, or brings their URLs to `baseUrl` (PUBLIC_BASE_URL). Outside production only. */
export async function ensureSandboxApplications(orm: MikroORM, baseUrl: string): Promise<void> {
  const em = orm.em.fork();
  for (const app of sandboxApplications(baseUrl)) {
    await sqlRows(em, ENSURE_SQL, [
      app.id,
      app.kind,
      app.name,
      app.clientId,
      sha256Hex(generateSecret()),
      secretBox().seal(newWebhookSecret()),
      JSON.stringify(defaultScopes(app.kind)),
      app.urls.webhookUrl,
      app.urls.catalogPullUrl ?? null,
      app.urls.menuPublicationUrl ?? null,
      app.urls.storeStatusUrl ?? null,
    ]);
  }
}
