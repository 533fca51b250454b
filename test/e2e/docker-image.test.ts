import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The image as docker-compose runs it: no Docker daemon here, so what can be checked without one is: the
// Node it is built on, the user it runs as, no install analytics, and its HEALTHCHECK command run as Docker
// would, against a hub that is ready and against a port where nothing answers.

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const DOCKERFILE = read('Dockerfile');

function healthcheck(): string[] {
  const match =
    /^HEALTHCHECK [^\n]*?\\\n\s*CMD (\[.*\])$/m.exec(DOCKERFILE) ?? /^HEALTHCHECK .*CMD (\[.*\])$/m.exec(DOCKERFILE);
  if (!match) throw new Error('no HEALTHCHECK ... CMD [...] in the Dockerfile');
  return JSON.parse(match[1]) as string[];
}

function run([command, ...args]: string[], port: number): Promise<number | null> {
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    env: { PORT: String(port) },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

it('builds and runs on Node 24, as an unprivileged user, without install analytics', () => {
  expect([...DOCKERFILE.matchAll(/^FROM (\S+)/gm)].map((m) => m[1])).toEqual([
    'node:24-bookworm-slim',
    'node:24-bookworm-slim',
  ]);
  expect(DOCKERFILE).toMatch(/^USER node$/m);
  // The build stage has what `npm run build` reads before it runs it: the script and openapi.yaml, which the
  // build checks and copies to dist/openapi.json.
  const buildStage = DOCKERFILE.slice(0, DOCKERFILE.indexOf('RUN npm run build'));
  for (const path of ['tsconfig.json', 'scripts', 'openapi', 'src'])
    expect(buildStage).toMatch(new RegExp(`^COPY ${path} `, 'm'));
  expect(DOCKERFILE.match(/SCARF_ANALYTICS=false/g)).toHaveLength(2);
  expect(read('docker-compose.yml')).toContain('docker compose logs hub');
  expect(read('README.md')).toContain('docker compose logs hub');
});

describe('the HEALTHCHECK command', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub();
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => t.stop());

  it('passes against a ready hub (GET /readyz) and fails where nothing answers', async () => {
    const command = healthcheck();
    expect(command.join(' ')).toContain('/readyz');
    expect(await run(command, Number(new URL(t.url).port))).toBe(0);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await run(command, port)).toBe(1);
  });
});
