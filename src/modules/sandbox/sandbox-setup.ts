import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { HubConfig } from '../../config/config.js';
import type { SandboxRoute } from '../../delivery-engine/partner-http.js';
import { ensureSandboxApplications, SANDBOX_APPLICATION_IDS, SANDBOX_MOUNT } from './sandbox-applications.js';

/** What a hub process needs to offer the sandbox partners; `route` is absent in production, where there are none. */
export interface SandboxSetup {
  /** Where the partner client sends the sandbox partners' calls: this process's own listener. */
  route: SandboxRoute | undefined;
  /** The applications whose deliveries take that route. */
  applicationIds: ReadonlySet<string>;
}

/**
 * Outside production: the sandbox applications made (or their URLs brought to PUBLIC_BASE_URL), and the route to
 * this process's own sandbox endpoints on `port`, with a header secret made for this process alone.
 */
export async function prepareSandbox(
  config: Pick<HubConfig, 'isProduction' | 'publicBaseUrl'>,
  orm: MikroORM,
  port: number,
): Promise<SandboxSetup> {
  if (config.isProduction) return { route: undefined, applicationIds: new Set() };
  await ensureSandboxApplications(orm, config.publicBaseUrl);
  return {
    route: {
      origin: `http://127.0.0.1:${port}`,
      pathPrefix: SANDBOX_MOUNT,
      header: { name: 'x-order-hub-sandbox', value: randomBytes(24).toString('hex') },
    },
    applicationIds: SANDBOX_APPLICATION_IDS,
  };
}
