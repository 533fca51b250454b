import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import type { Clock } from '../../common/clock.js';
import { schedule, unschedule } from '../../scheduler/schedule.js';
import { Location } from '../locations/index.js';
import { type ActivityChange, recordActivity, SYSTEM } from '../activity/index.js';
import { sendStoreStatus } from './store-status-events.js';

// What ends by itself at a time, and tells the marketplaces when it does: a pause at closedUntil (back ONLINE)
// and a busy mode at its until. Each is a graphile-worker job with run_at = that time, added in the
// transaction that sets it. Its job_key is the location's, so a later change replaces (or, once there is
// nothing to end, removes) the one scheduled before; the job also checks that the location still waits for
// exactly this time, so a stale job does nothing. The time is the hub's clock's (src/common/clock.ts).

export interface LocationTimer {
  readonly task: string;
  schedule(em: EntityManager, clock: Clock, locationId: string, at: Date): Promise<void>;
  cancel(em: EntityManager, locationId: string): Promise<void>;
  /** The task the job runner runs for this timer's jobs. */
  handler(orm: MikroORM, clock: Clock): Task;
}

interface TimerRule {
  task: string;
  /** The job's payload field holding the time. */
  field: string;
  /** Whether the location still waits for this very time. */
  waitsFor(location: Location, at: string): boolean;
  /** What the activity log says of the end (before it is applied). */
  activity(location: Location): Pick<ActivityChange, 'action' | 'changes'>;
  end(location: Location): void;
}

function locationTimer(rule: TimerRule): LocationTimer {
  const key = (locationId: string) => `${rule.task}:${locationId}`;
  return {
    task: rule.task,
    async schedule(em, clock, locationId, at) {
      const payload = { locationId, [rule.field]: at.toISOString() };
      await schedule(em, rule.task, payload, { runAt: clock.machineTime(at), key: key(locationId) });
    },
    cancel: (em, locationId) => unschedule(em, key(locationId)),
    handler: (orm, clock) => async (payload) => {
      const job = payload as Record<string, string>;
      await orm.em.fork().transactional(async (em) => {
        const location = await em.findOne(Location, { id: job.locationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!location || !rule.waitsFor(location, job[rule.field])) return;
        recordActivity(em, SYSTEM, {
          ...rule.activity(location),
          accountId: location.account.id,
          locationId: location.id,
          subject: { type: 'location', id: location.id, name: location.name },
        });
        rule.end(location);
        location.updatedAt = new Date();
        await em.flush();
        await sendStoreStatus(em, location, clock.now());
      });
    },
  };
}

/** Back ONLINE by itself at closedUntil. */
export const PAUSE_END = locationTimer({
  task: 'store-status-resume',
  field: 'closedUntil',
  waitsFor: (location, at) => location.storeStatus === 'OFFLINE' && location.closedUntil?.toISOString() === at,
  activity: () => ({
    action: 'storeStatus.changed',
    changes: { storeStatus: { from: 'OFFLINE', to: 'ONLINE' }, reopenedAutomatically: true },
  }),
  end: (location) =>
    Object.assign(location, { storeStatus: 'ONLINE', closedUntil: null, closedReason: null, closedReasonNotes: null }),
});

/** Not busy any more at its until. */
export const BUSY_END = locationTimer({
  task: 'busy-mode-end',
  field: 'until',
  waitsFor: (location, at) => location.busyUntil?.toISOString() === at,
  activity: (location) => ({
    action: 'busyMode.ended',
    changes: { ended: { extraMinutes: location.busyExtraMinutes, until: location.busyUntil?.toISOString() } },
  }),
  end: (location) => Object.assign(location, { busyExtraMinutes: null, busyUntil: null }),
});
