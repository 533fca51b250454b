import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The README's tour and first order, run as written: the blocks fenced as `sh tour` (the rule is stated in a
// comment next to them in README.md), in order, in one bash, after the `export` line a freshly started hub
// prints with its generated credentials. A README that drifts from the hub fails here.

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

export function tourBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh tour\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // -e: a failing call stops the tour, as a reader would stop; -u: a misspelt variable is an error, not "".
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

let db: TestDatabase;
let hub: ChildHub;
let exportLine: string;

beforeAll(async () => {
  db = await createTestDatabase();
  // As a first start: no BOOTSTRAP_*, so the hub generates the admin and the client and prints them.
  hub = await startChildHub({
    HUB_ENV: 'development',
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_RPS: '0',
  });
  exportLine = await printed(hub, /^ {2}(export HUB=.*)$/m);
}, 120_000);

afterAll(async () => {
  hub?.process.kill('SIGTERM');
  await hub?.exited;
  await db?.drop();
});

/** The first group of pattern in what the hub printed, once it has printed it. */
function printed(child: ChildHub, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const match = pattern.exec(child.output());
      if (!match) return;
      child.process.stdout!.off('data', onData);
      resolve(match[1]);
    };
    // After startChildHub's own listener, so output() already holds the chunk.
    const onData = () => setImmediate(check);
    child.process.stdout!.on('data', onData);
    check();
  });
}

it('has the tour and the first order as blocks to run', () => {
  const blocks = tourBlocks(README);
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  expect(blocks.join('\n')).toContain('TOKEN=$(');
  expect(blocks.join('\n')).toContain('X PATCH $LOC/orders/$ORDER');
});

it('runs the README tour and first order as written, against the generated credentials', async () => {
  const run = await bash([exportLine, ...tourBlocks(README)].join('\n'));
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  // What the README's comments show, line for line where the values are fixed.
  expect(lines).toContainEqual([
    { posReference: 'vat-9', rate: 90000 },
    { posReference: expect.stringMatching(/^[0-9a-f-]{36}$/), rate: 15 },
  ]);
  expect(lines).toContainEqual({ id: expect.any(String), kind: 'POS', status: 'ACTIVE' });
  expect(lines).toContainEqual({ id: expect.any(String), kind: 'MARKETPLACE', status: 'ACTIVE' });
  expect(lines).toContainEqual({ products: 1 });
  expect(lines).toContainEqual({ status: 'NEW', items: [{ name: 'Margherita', quantity: 2, taxRateIds: ['vat-9'] }] });
  expect(lines).toContainEqual({
    status: 'ACCEPTED',
    history: [
      { status: 'NEW', by: 'MARKETPLACE' },
      { status: 'ACCEPTED', by: 'POS' },
    ],
  });
  expect(lines).toContainEqual(
    expect.objectContaining({ eventType: 'ORDER_CREATED', url: 'https://pos.example.com/webhooks' }),
  );
  expect(lines).toContainEqual(expect.arrayContaining([{ status: 'ACCEPTED', count: 1 }]));
}, 120_000);

it('shows the error and sets no token when the password is wrong', async () => {
  const [first] = tourBlocks(README);
  const run = await bash([exportLine, 'ADMIN_PASSWORD=wrong-password', first].join('\n'));
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('"error":"invalid_grant"');
  expect(run.stdout).toBe('');
}, 60_000);
