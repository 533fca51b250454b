import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/common/logger.js';
import { uuidv7 } from '../../src/common/ids.js';
import { startHub, type RunningHub } from '../../src/hub.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { enqueue, secretsFrom } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, testEnv } from '../support/test-hub.js';

// What an operator reads: request lines with the full path, and a warn line per failed partner call with the
// delivery id to look up.

const APP = uuidv7();
let db: TestDatabase;
let hub: RunningHub;
let partner: FakePartner;
const lines: Record<string, any>[] = [];
const waiting: (() => void)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  partner = await FakePartner.start();
  const config = loadConfig(testEnv(db.url, { LOG_LEVEL: 'info', DELIVERY_RETRY_SCHEDULE: '0.05' }));
  const destination = {
    write(line: string) {
      lines.push(JSON.parse(line));
      for (const wake of waiting.splice(0)) wake();
    },
  };
  hub = await startHub(config, createLogger('info', destination), {
    webhookSecrets: secretsFrom({ [APP]: 'whsec_dGVzdC1zZWNyZXQtZm9yLWxvZ2dpbmc=' }),
  });
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await hub?.stop();
  await partner?.close();
  await db?.drop();
});

async function logged(match: (line: Record<string, any>) => boolean): Promise<Record<string, any>[]> {
  for (;;) {
    const found = lines.filter(match);
    if (found.length > 0) return found;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

it('logs a failed partner call at warn with the delivery id, and the last one as FAILED', async () => {
  partner.always('/hook', { status: 500 });
  const { id } = await enqueue(hub.orm, {
    eventType: 'MENU_UPDATED',
    applicationId: APP,
    url: partner.urlFor('/hook'),
    payload: { menu: 'm' },
  });
  const [retry] = await logged((l) => l.delivery === id && l.outcome === 'retry');
  expect(retry).toMatchObject({
    level: 40,
    status: 500,
    url: partner.urlFor('/hook'),
    msg: 'partner call failed; retrying',
  });
  const [failed] = await logged((l) => l.delivery === id && l.outcome === 'failed');
  expect(failed).toMatchObject({ level: 40, status: 500, msg: 'partner call failed; delivery FAILED' });
});

it('logs each request with its full path, under /oauth2 as under /v1', async () => {
  const token = await adminTokenAt(hub.url);
  const accountId = uuidv7();
  expect(
    (await fetch(`${hub.url}/v1/accounts/${accountId}`, { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(404);
  const [tokenLine] = await logged((l) => l.msg === 'request' && l.method === 'POST' && l.status === 200);
  expect(tokenLine.path).toBe('/oauth2/token');
  const [read] = await logged((l) => l.msg === 'request' && l.status === 404);
  expect(read.path).toBe(`/v1/accounts/${accountId}`);
});
