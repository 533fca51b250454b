import { InsufficientScopeError, NotFoundError } from '../../src/common/errors.js';
import { SYSTEM_CLOCK } from '../../src/common/clock.js';
import { createLogger } from '../../src/common/logger.js';
import type { Scope } from '../../src/common/principal.js';
import type { RequestContext } from '../../src/common/request-context.js';
import { authorize } from '../../src/auth/authorize.js';
import { locationsReach } from '../../src/auth/reach.js';
import { CATALOG_OPERATIONS, CatalogService, parseCatalogImport } from '../../src/modules/catalog/index.js';
import { MenuChangeListener } from '../../src/modules/menus/index.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// CatalogService.applyImport is public (the catalog pull calls it with a catalog it parsed itself); it takes
// the grant of the pull's declared operation, which only the enforcement point makes: no caller can apply a
// catalog that its token may not write. Called here as the pull would, with a request context of a POS
// application whose token lacks the scope.

let t: TestHub;
let location: TestLocation;
const catalog = () =>
  parseCatalogImport({
    categories: [],
    modifiers: [],
    modifierGroups: [],
    products: [{ posReference: 'p', name: 'P', price: 100 }],
  });
const service = () => new CatalogService(new MenuChangeListener(SYSTEM_CLOCK));
/** What the pull does: its operation granted for the location, then the import applied with that grant. */
const applyAs = async (ctx: RequestContext, at: TestLocation) =>
  service().applyImport(
    await authorize(ctx, CATALOG_OPERATIONS.pull, { accountId: at.accountId, locationId: at.locationId }),
    catalog(),
  );

function posContext(scopes: Scope[], reaches: TestLocation[]): RequestContext {
  return {
    requestId: 'catalog-access-test',
    log: createLogger('silent'),
    em: t.hub.orm.em.fork(),
    db: t.hub.orm.em,
    principal: {
      type: 'application',
      applicationId: '00000000-0000-7000-8000-000000000001',
      kind: 'POS',
      clientId: 'pos',
      scopes: new Set(scopes),
    },
    reach: locationsReach(reaches.map((l) => ({ account_id: l.accountId, location_id: l.locationId }))),
  };
}

beforeAll(async () => {
  t = await startTestHub();
  location = await t.createLocation();
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
});

const productCount = async () => (await t.admin.get(`${location.path}/catalog/products`)).body.data.length;

describe('applyImport', () => {
  it('is 403 insufficient_scope for a token without catalogs.write, and writes nothing', async () => {
    const attempt = applyAs(posContext(['catalogs.read'], [location]), location);
    await expect(attempt).rejects.toBeInstanceOf(InsufficientScopeError);
    expect(await productCount()).toBe(0);
  });

  it('is 404 for a location out of reach, before the scope', async () => {
    const other = await t.createLocation();
    const attempt = applyAs(posContext(['catalogs.read'], [other]), location);
    await expect(attempt).rejects.toBeInstanceOf(NotFoundError);
    expect(await productCount()).toBe(0);
  });

  it('applies the catalog with catalogs.write', async () => {
    const result = await applyAs(posContext(['catalogs.write'], [location]), location);
    expect(result.products).toBe(1);
    expect(await productCount()).toBe(1);
  });
});
