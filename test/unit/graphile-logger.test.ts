import { Writable } from 'node:stream';
import { pino } from 'pino';
import { DatabaseWatch } from '../../src/db/outage.js';
import { graphileLogger } from '../../src/scheduler/graphile-logger.js';

// What graphile-worker (the scheduled tasks' runner) logs reaches the hub's log as the hub means it: a
// database outage once, as the database watch says it, whichever of graphile-worker's lines meets it first.

function recordingLog() {
  const lines: { level: number; msg: string; err?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines, warnings: () => lines.filter((l) => l.level >= 40) };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('graphileLogger', () => {
  const watches: DatabaseWatch[] = [];
  afterEach(() => watches.splice(0).forEach((watch) => watch.stop()));
  const setUp = () => {
    const recording = recordingLog();
    const database = new DatabaseWatch(() => Promise.reject(refused()), recording.log, 60_000);
    watches.push(database);
    const logger = graphileLogger(recording.log, database, () => false);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { ...recording, database, logger, settle };
  };

  it('takes a failure whose cause is only in its meta (the periodic reset of locks) for the outage it is', async () => {
    const { logger, database, warnings, lines, settle } = setUp();
    logger.error("Failed to reset locked; we'll try again in 523740ms", { error: refused() });
    await settle();
    expect(database.down).toBe(true);
    expect(warnings().map((l) => l.msg)).toEqual([
      'database unreachable: answering 503 database_unavailable until it is back',
    ]);
    expect(lines.find((l) => l.msg.startsWith('Failed to reset locked'))).toMatchObject({
      level: 20,
      err: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
  });

  it('takes an outage named in the message alone too, and logs the outage once however many lines meet it', async () => {
    const { logger, warnings, settle } = setUp();
    logger.error('Failed to acquire job: connect ECONNREFUSED 10.0.0.1:5432');
    logger.error("Failed to reset locked; we'll try again in 1ms", { error: refused() });
    await settle();
    expect(warnings()).toHaveLength(1);
  });

  it('logs any other failure as the error it is, with its cause', async () => {
    const { logger, database, warnings, settle } = setUp();
    logger.error("Failed to reset locked; we'll try again in 1ms", {
      error: new Error('permission denied for table _private_jobs'),
    });
    await settle();
    expect(database.down).toBe(false);
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "Failed to reset locked; we'll try again in 1ms",
        err: 'permission denied for table _private_jobs',
      }),
    ]);
  });
});
