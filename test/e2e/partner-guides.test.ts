import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import { startTestHub, TEST_ADMIN, TEST_CLIENT, type TestHub } from '../support/test-hub.js';

// The partner guides (docs/guides), run as written: the blocks fenced `sh guide-pos` or `sh guide-marketplace`,
// in order, in one bash, against a hub with real loopback receivers at POS_URL and MARKETPLACE_URL. Every comment
// line in those blocks is the output the reader is promised, line for line (a trailing `<- note` aside), so a
// guide that drifts from the hub fails here. The `sh verify` block of each guide then checks calls the hub really
// made to those receivers, and refuses altered ones. Last, /docs serves each guide with the page headers of /docs.

const guide = (slug: string) => readFileSync(new URL(`../../../docs/guides/${slug}.md`, import.meta.url), 'utf8');
const blocks = (markdown: string, fence: string) =>
  [...markdown.matchAll(new RegExp(`^\`\`\`sh ${fence}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]);
/** What a block's comments promise it prints, in order. */
const promised = (block: string) =>
  [...block.matchAll(/^# (.*)$/gm)].map((match) => match[1].replace(/\s+<- .*$/, '').trim());

let workDir: string;
function bash(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // -e: a failing call stops the guide, as a reader would stop; -u: a misspelt variable is an error, not "".
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

let t: TestHub;
let pos: FakePartner;
let marketplace: FakePartner;
let hubEnv: Record<string, string>;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'partner-guides-'));
  // The sandbox POS moves orders on quickly, so the marketplace guide's order completes in seconds.
  [t, pos, marketplace] = await Promise.all([
    startTestHub({ SANDBOX_POS_PACE_MS: '300' }),
    FakePartner.start(),
    FakePartner.start(),
  ]);
  hubEnv = {
    HUB: t.url,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    CLIENT_ID: TEST_CLIENT.clientId,
    CLIENT_SECRET: TEST_CLIENT.clientSecret,
  };
}, 60_000);

afterAll(async () => {
  await pos?.close();
  await marketplace?.close();
  await t?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Runs a guide's blocks and compares what they print with what their comments promise; answers the application's
 * webhook secret (printed after the guide by the test, from the variable the guide keeps its application in).
 */
async function runGuide(slug: string, fence: string, env: Record<string, string>, application: string) {
  const guideBlocks = blocks(guide(slug), fence);
  expect(guideBlocks.length).toBeGreaterThanOrEqual(6);
  const script = [...guideBlocks, `echo "$(jq -r .webhookSecret <<<"$${application}")"`].join('\n');
  const run = await bash(script, { ...hubEnv, ...env });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const printed = run.stdout.trimEnd().split('\n');
  const secret = printed.pop()!;
  expect(printed).toEqual(guideBlocks.flatMap(promised));
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

/** Runs the guide's `sh verify` block on one request the hub made. */
function verify(slug: string, secret: string, request: Pick<RecordedRequest, 'headers' | 'body'>) {
  const [block] = blocks(guide(slug), 'verify');
  return bash(block, {
    WEBHOOK_SECRET: secret,
    WEBHOOK_ID: String(request.headers['webhook-id']),
    WEBHOOK_TIMESTAMP: String(request.headers['webhook-timestamp']),
    WEBHOOK_SIGNATURE: String(request.headers['webhook-signature']),
    BODY: request.body,
  });
}

async function expectVerification(slug: string, secret: string, request: RecordedRequest) {
  expect(await verify(slug, secret, request)).toMatchObject({ code: 0, stdout: 'signature ok\n', stderr: '' });
  const altered = await verify(slug, secret, {
    ...request,
    body: request.body.replace(/"test":(true|false)/, '"x":1'),
  });
  expect(altered).toMatchObject({ code: 1, stdout: '', stderr: 'refused: bad signature\n' });
  const otherSecret = await verify(slug, `whsec_${Buffer.from('another secret of 24 b.').toString('base64')}`, request);
  expect(otherSecret.code).toBe(1);
  const stale = String(Number(request.headers['webhook-timestamp']) - 600);
  const replayed = await verify(slug, secret, {
    ...request,
    headers: { ...request.headers, 'webhook-timestamp': stale },
  });
  expect(replayed).toMatchObject({ code: 1, stderr: 'refused: timestamp out of range\n' });
}

it('runs "Build a POS integration" as written, and its signature check holds on what the hub sent', async () => {
  const secret = await runGuide('pos-integration', 'guide-pos', { POS_URL: pos.url }, 'POS');
  // The test event and the test order's ORDER_CREATED reached the POS's webhookUrl.
  const received = pos.requestsTo('/webhooks').map((r) => ({ request: r, event: JSON.parse(r.body) }));
  expect(received.map(({ event }) => event.eventType)).toEqual(['ORDER_CREATED', 'ORDER_CREATED']);
  for (const { request } of received) await expectVerification('pos-integration', secret, request);
}, 120_000);

it('runs "Build a marketplace integration" as written, and its signature check holds on what the hub sent', async () => {
  const secret = await runGuide(
    'marketplace-integration',
    'guide-marketplace',
    { MARKETPLACE_URL: marketplace.url },
    'MKT',
  );
  const [menu] = marketplace.requestsTo('/menus').filter((r) => !JSON.parse(r.body).test);
  expect(JSON.parse(menu.body)).toMatchObject({ eventType: 'MENU_PUBLISHED', menu: { name: 'Dinner' } });
  const statuses = marketplace
    .requestsTo('/webhooks')
    .map((r) => JSON.parse(r.body))
    .filter((e) => e.eventType === 'ORDER_STATUS_CHANGED' && !e.test)
    .map((e) => e.newState.status);
  expect(statuses).toEqual(['ACCEPTED', 'PREPARING', 'READY', 'COMPLETED']);
  await expectVerification('marketplace-integration', secret, menu);
  await expectVerification('marketplace-integration', secret, marketplace.requestsTo('/webhooks').at(-1)!);
}, 180_000);

describe('/docs', () => {
  const pages = [
    ['pos-integration', 'Build a POS integration'],
    ['marketplace-integration', 'Build a marketplace integration'],
  ] as const;

  it.each(pages)('serves %s as a page with the headers of /docs', async (slug, title) => {
    const swagger = await fetch(`${t.url}/docs/index.html`);
    const res = await fetch(`${t.url}/docs/guides/${slug}.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    for (const header of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'])
      expect([header, res.headers.get(header)]).toEqual([header, swagger.headers.get(header)]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain(`<title>${title} · Order Hub</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).not.toMatch(/<script|<style| style=/);
    // Links between the guides go to their pages; the API reference is one click away.
    expect(html).toMatch(/href="(pos|marketplace)-integration\.html"/);
    expect(html).toContain('href="/docs/index.html"');
    const css = await fetch(`${t.url}/docs/guides/guide.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('links both guides from the API document, and serves nothing else under /docs/guides', async () => {
    const doc = (await (await fetch(`${t.url}/docs/openapi.json`)).json()) as { info: { description: string } };
    for (const [slug, title] of pages) expect(doc.info.description).toContain(`[${title}](/docs/guides/${slug}.html)`);
    expect((await fetch(`${t.url}/docs/guides/pos-integration.md`)).status).toBe(404);
    expect((await fetch(`${t.url}/docs/guides/unknown.html`)).status).toBe(404);
  });
});
