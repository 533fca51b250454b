import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import { Location } from '../locations/location.entity.js';
import { schedule, unschedule } from '../../delivery-engine/schedule.js';
import { sendStoreStatus } from './store-status-events.js';
import { recordActivity, SYSTEM } from '../activity/record-activity.js';

// Back ONLINE by itself at closedUntil (docs/contract.md "Operations"): a graphile-worker job with run_at =
// closedUntil, added in the transaction that closes the store. Its job_key is the location's, so a later PUT replaces
// (or, back ONLINE, removes) the one scheduled before; the job also checks the location still waits for
// exactly this closedUntil, so a stale job does nothing.

export const RESUME_TASK = 'store-status-resume';

interface ResumeJob {
  locationId: string;
  closedUntil: string;
}

const jobKey = (locationId: string) => `${RESUME_TASK}:${locationId}`;

export async function scheduleResume(em: EntityManager, locationId: string, closedUntil: Date): Promise<void> {
  const job: ResumeJob = { locationId, closedUntil: closedUntil.toISOString() };
  await schedule(em, RESUME_TASK, { ...job }, { runAt: closedUntil, key: jobKey(locationId) });
}

export async function cancelResume(em: EntityManager, locationId: string): Promise<void> {
  await unschedule(em, jobKey(locationId));
}

/** The task the delivery worker runs for RESUME_TASK jobs. */
export function resumeTask(orm: MikroORM): Task {
  return async (payload) => {
    const job = payload as ResumeJob;
    await orm.em.fork().transactional(async (em) => {
      const location = await em.findOne(Location, { id: job.locationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!location || location.storeStatus !== 'OFFLINE' || location.closedUntil?.toISOString() !== job.closedUntil)
        return;
      recordActivity(em, SYSTEM, {
        action: 'storeStatus.changed',
        accountId: location.account.id,
        locationId: location.id,
        subject: { type: 'location', id: location.id, name: location.name },
        changes: { storeStatus: { from: 'OFFLINE', to: 'ONLINE' }, reopenedAutomatically: true },
      });
      Object.assign(location, {
        storeStatus: 'ONLINE',
        closedUntil: null,
        closedReason: null,
        closedReasonNotes: null,
        updatedAt: new Date(),
      });
      await em.flush();
      await sendStoreStatus(em, location);
    });
  };
}
