import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AsyncResource } from 'node:async_hooks';
import PQueue from 'p-queue';
import { UnavailableError } from '../common/errors.js';
import type { AdmissionConfig } from '../config/config.js';
import type { Priority } from './priorities.js';

// Admission control for one hub process: a bound on the requests in progress, a short bounded wait for a
// slot, and a fast 503 `overloaded` with Retry-After for the rest. A hub without it takes every request and
// queues them all (in memory, in the event loop and in the database pool's wait list), so under twice its
// capacity every answer comes late and memory grows without bound (`npm run bench:overload`). Refusing at the door costs
// almost nothing: no body is read, no token looked up, no connection taken.
//
// The slots and the wait list are p-queue's (a maintained priority queue with a concurrency limit and
// abortable waiting) rather than a counter and an array of our own: it starts a task at once when a slot is
// free, hands freed slots to the waiting task of the highest priority first, and drops a waiting task whose
// AbortSignal fires, which is how a wait is bounded in time. The bounds on top of it are ours:
// - urgent (order placement, order and store status changes) may wait while fewer than maxQueued wait;
// - normal may wait while fewer than half of maxQueued wait, so urgent requests always find room;
// - low (catalog imports and pulls, menu publications, GraphQL reads) never waits, and runs only while fewer
//   than lowPriorityMaxInFlight requests are in progress: under pressure it is the first to be refused.
// A request is in progress from its admission until its response is finished or its connection closed.

export interface Admission {
  /** Runs `next` once the request is admitted, or answers 503 overloaded; `priority` says how to admit it. */
  admit(req: Request, res: Response, next: NextFunction, priority: Priority): void;
  /** Middleware admitting every request at the priority `classify` gives it; undefined lets it through unbounded. */
  gate(classify: (req: Request) => Priority | undefined): RequestHandler;
  /** Middleware refusing at once what no priority could get in now (before work that comes ahead of gate()). */
  refuseWhenFull(): RequestHandler;
  /** Requests in progress and waiting, for metrics and tests. */
  load(): { inFlight: number; waiting: number };
}

const WAIT_PRIORITY: Record<Priority, number> = { urgent: 2, normal: 1, low: 0 };

export function createAdmission(config: AdmissionConfig): Admission {
  if (config.maxInFlight === 0) {
    return {
      admit: (req, res, next) => {
        continueIfExpected(req, res);
        next();
      },
      gate: () => (req, res, next) => {
        continueIfExpected(req, res);
        next();
      },
      refuseWhenFull: () => (_req, _res, next) => next(),
      load: () => ({ inFlight: 0, waiting: 0 }),
    };
  }
  const queue = new PQueue({ concurrency: config.maxInFlight });
  const refuse = (next: NextFunction, why: string) =>
    next(
      new UnavailableError('overloaded', `The hub is overloaded (${why}); try again later`, config.retryAfterSeconds),
    );

  const slotFree = (priority: Priority) =>
    queue.pending < (priority === 'low' ? config.lowPriorityMaxInFlight : config.maxInFlight) && queue.size === 0;
  const full = () => !slotFree('urgent') && !mayWait('urgent', queue.size, config.maxQueued);

  const admit: Admission['admit'] = (req, res, next, priority) => {
    const free = slotFree(priority);
    if (!free && !mayWait(priority, queue.size, config.maxQueued)) {
      refuse(next, priority === 'low' ? 'low-priority requests are refused first' : 'too many requests in progress');
      return;
    }
    if (free) {
      // p-queue starts the task at once, synchronously, in this request's own context: there is no wait to
      // bound and no context to carry over, so none of the AbortController, timer and bound AsyncResource a
      // waiting request needs: on every admitted request they showed in a GET's CPU profile.
      queue
        .add(() => new Promise<void>((done) => started(req, res, next, done)), { priority: WAIT_PRIORITY[priority] })
        .catch(next);
      return;
    }
    // A waiting request is started from whichever request freed its slot: it must go on in its own
    // asynchronous context (its request scope: id and trace), not in that one's.
    const proceed = AsyncResource.bind((done: () => void) => started(req, res, next, done));
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(), config.queueTimeoutMs);
    // A client that gives up while waiting frees its place in the wait list at once.
    const onGone = () => waiting.abort();
    res.once('close', onGone);
    queue
      .add(
        () =>
          new Promise<void>((done) => {
            clearTimeout(timer);
            res.off('close', onGone);
            proceed(done);
          }),
        { priority: WAIT_PRIORITY[priority], signal: waiting.signal },
      )
      .catch(() => {
        // Aborted while waiting: the time ran out (or the client left, and then nobody reads the answer).
        res.off('close', onGone);
        refuse(next, `no request slot came free within ${config.queueTimeoutMs} ms`);
      });
  };

  return {
    admit,
    gate: (classify) => (req, res, next) => {
      const priority = classify(req);
      if (priority) return admit(req, res, next, priority);
      continueIfExpected(req, res);
      next();
    },
    refuseWhenFull: () => (_req, _res, next) => (full() ? refuse(next, 'too many requests in progress') : next()),
    load: () => ({ inFlight: queue.pending, waiting: queue.size }),
  };
}

/** A request given its slot: it holds the slot until its response is finished or its connection closed. */
function started(req: Request, res: Response, next: NextFunction, done: () => void): void {
  if (res.writableEnded || res.destroyed) return done();
  res.once('close', () => done());
  continueIfExpected(req, res);
  next();
}

function mayWait(priority: Priority, waiting: number, maxQueued: number): boolean {
  if (priority === 'urgent') return waiting < maxQueued;
  if (priority === 'normal') return waiting < Math.floor(maxQueued / 2);
  return false;
}

/**
 * A client that sent `Expect: 100-continue` sends its body only once told to. The server hands such requests
 * to the app without answering 100 itself (hub.ts listens for 'checkContinue'), so the 100 goes out only
 * when the request is admitted, and a refused request is answered 503 before its body is ever sent.
 */
function continueIfExpected(req: Request, res: Response): void {
  if (req.headers.expect?.toLowerCase() !== '100-continue' || res.headersSent || res.locals.continueSent) return;
  res.locals.continueSent = true;
  res.writeContinue();
}
