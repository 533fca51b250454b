import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The application directory of a location (GET {loc}/applications) shows a partner's token
// only the applications that matter to it (itself and those connected there), not every other reseller's;
// operators still choose from every application.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

it('lists itself and the applications connected at the location to a partner, everything to an operator', async () => {
  const loc = await t.createLocation();
  const pos = await t.createApplication('POS');
  const marketplace = await t.createApplication('MARKETPLACE');
  const otherReseller = await t.userClient(await t.createUser('reseller'));
  const elsewhere = await t.createApplication('MARKETPLACE', {}, otherReseller);
  await t.connect(pos, loc);
  await t.connect(marketplace, loc);

  const partner = await t.applicationClient(pos);
  const seen = await partner.get(`${loc.path}/applications?limit=200`);
  expect(seen.status).toBe(200);
  expect(seen.body.data.map((a: { id: string }) => a.id).sort()).toEqual([pos.id, marketplace.id].sort());
  const graphql = await partner.graphql(
    `query($a: ID!, $l: ID!) { availableApplications(accountId: $a, locationId: $l, limit: 200) { data { id } } }`,
    { a: loc.accountId, l: loc.locationId },
  );
  expect(graphql.body.data.availableApplications.data.map((a: { id: string }) => a.id)).not.toContain(elsewhere.id);

  const operator = await t.admin.get(`${loc.path}/applications?limit=200`);
  expect(operator.body.data.map((a: { id: string }) => a.id)).toEqual(
    expect.arrayContaining([pos.id, marketplace.id, elsewhere.id]),
  );
});
