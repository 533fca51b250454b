import { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { configureSecretBox } from '../../src/common/crypto.js';
import { runMigrations } from '../../src/db/database.js';
import { ormOptions } from '../../src/db/mikro-orm.config.js';
import { ABANDONED_AFTER_MS, IdempotencyService, REPLAY_WINDOW_MS } from '../../src/modules/idempotency/index.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The Idempotency-Key store (docs/contract.md "Conventions") on a real database, driven through its service with a
// clock of its own: keys per caller, in flight and abandoned, released after a 5xx, the 24 h window. What
// clients see over REST and GraphQL is test/e2e/idempotency.test.ts.

describe('IdempotencyService on the database', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  let now = new Date('2026-11-23T12:00:00Z');
  const service = new IdempotencyService(() => now);
  beforeAll(async () => {
    // Responses are sealed at rest, with the key the hub configures at boot.
    configureSecretBox(randomBytes(32));
    db = await createTestDatabase();
    await runMigrations(db.url);
    orm = await MikroORM.init(ormOptions(db.url));
  });
  afterAll(async () => {
    await orm.close();
    await db.drop();
  });

  const done = { status: 201, contentType: 'application/json', body: '{"data":{}}' };

  it('scopes keys to the caller', async () => {
    const em = orm.em.fork();
    expect(await service.claim(em, 'client:a', 'shared', 'h1')).toEqual({ outcome: 'proceed' });
    expect(await service.claim(em, 'client:b', 'shared', 'h2')).toEqual({ outcome: 'proceed' });
  });

  it('is 409 while in flight, takes the key back once the first request is abandoned', async () => {
    const em = orm.em.fork();
    await service.claim(em, 'client:a', 'slow', 'h');
    await expect(service.claim(em, 'client:a', 'slow', 'h')).rejects.toMatchObject({ code: 'conflict' });
    now = new Date(now.getTime() + ABANDONED_AFTER_MS + 1);
    expect(await service.claim(em, 'client:a', 'slow', 'h')).toEqual({ outcome: 'proceed' });
  });

  it('releases the key after a 5xx so the retry runs again', async () => {
    const em = orm.em.fork();
    await service.claim(em, 'client:a', 'failing', 'h');
    await service.complete(em, 'client:a', 'failing', { ...done, status: 503 });
    expect(await service.claim(em, 'client:a', 'failing', 'h')).toEqual({ outcome: 'proceed' });
  });

  it('replays for 24 hours, then forgets and purges', async () => {
    const em = orm.em.fork();
    await service.claim(em, 'client:a', 'daily', 'h');
    await service.complete(em, 'client:a', 'daily', done);
    now = new Date(now.getTime() + REPLAY_WINDOW_MS - 1000);
    expect(await service.claim(em, 'client:a', 'daily', 'h')).toEqual({ outcome: 'replay', response: done });
    now = new Date(now.getTime() + 2000);
    expect(await service.purgeExpired(em)).toBeGreaterThanOrEqual(1);
    expect(await service.claim(em, 'client:a', 'daily', 'other-body')).toEqual({ outcome: 'proceed' });
  });
});
