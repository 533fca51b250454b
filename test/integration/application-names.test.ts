import { applicationName } from '../../src/modules/applications/index.js';
import { countStatements, watchStatements } from '../../bench/statement-count.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestApplication, type TestHub } from '../support/test-hub.js';

// A screen's list names one application per row (the delivery log's recipients, an order's history): the
// names a request asks for at once are read together (src/modules/applications/application-name.ts), in one
// statement or two, not one per row. Counted on the client, as bench/orders counts them.

let t: TestHub;
let applications: TestApplication[];

beforeAll(async () => {
  countStatements();
  t = await startTestHub();
  applications = [
    await t.createApplication('POS', { name: 'Names POS' }),
    await t.createApplication('MARKETPLACE', { name: 'Names Marketplace' }),
  ];
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
});

it("reads the names a request asks for at once in one or two statements, each caller getting its own application's name", async () => {
  const em = t.hub.orm.em.fork();
  const gone = '00000000-0000-7000-8000-0000000000ff';
  const asked = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? gone : applications[i % 3].id));
  // Only the names' statements: the hub's own background work (its delivery poller) goes on meanwhile.
  const reads = watchStatements(/from applications where id = any/);
  const names = await Promise.all(asked.map((id) => applicationName(em, id)));
  reads.stop();
  expect(names).toEqual(asked.map((id, i) => (id === gone ? null : ['Names POS', 'Names Marketplace'][i % 3])));
  // 30 without batching.
  expect(reads.count).toBeGreaterThanOrEqual(1);
  expect(reads.count).toBeLessThanOrEqual(2);
  // A later request asks again and reads again: nothing is kept between requests (a renamed application shows).
  await t.admin.patch(`/v1/applications/${applications[0].id}`, { name: 'Names POS renamed' });
  expect(await applicationName(t.hub.orm.em.fork(), applications[0].id)).toBe('Names POS renamed');
});
