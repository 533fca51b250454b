import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import type { Clock } from '../../common/clock.js';
import { schedule, unschedule } from '../../scheduler/schedule.js';
import { Location } from '../locations/index.js';
import { sendSnoozeEvent } from './snooze-events.js';
import { recordActivity, SYSTEM } from '../activity/index.js';
import { endDueSnoozes, nextSnoozeEnd } from './snooze-store.js';

// Snoozes end by themselves: one graphile-worker job per location, due when its earliest snooze ends, kept
// in step by every change of the location's snoozes (in the change's transaction, under the location's
// lock). The job ends every snooze due by then in one transaction with its ITEMS_UNSNOOZED, and schedules
// itself for the next one. It is a durable row, not a timer in memory: it survives restarts, one process
// runs it, and a run repeated after a crash finds nothing left to end, so the marketplaces hear each end once.

export const UNSNOOZE_TASK = 'catalog-unsnooze';

const jobKey = (locationId: string) => `${UNSNOOZE_TASK}:${locationId}`;

/** (Re)schedules the location's job for its earliest snooze end, or removes it when nothing is snoozed. */
export async function scheduleUnsnooze(em: EntityManager, clock: Clock, locationId: string): Promise<void> {
  const next = await nextSnoozeEnd(em, locationId);
  if (!next) return unschedule(em, jobKey(locationId));
  await schedule(em, UNSNOOZE_TASK, { locationId }, { runAt: clock.machineTime(next), key: jobKey(locationId) });
}

export function unsnoozeTask(orm: MikroORM, clock: Clock): Task {
  return async (payload) => {
    const { locationId } = payload as { locationId: string };
    await orm.em.fork().transactional(async (em) => {
      const location = await em.findOne(Location, { id: locationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!location) return;
      const now = clock.now();
      const ended = await endDueSnoozes(em, locationId, now);
      if (ended.length > 0)
        recordActivity(em, SYSTEM, {
          action: 'catalog.unsnoozed',
          accountId: location.account.id,
          locationId,
          subject: { type: 'location', id: locationId, name: location.name },
          changes: { items: ended.map(({ kind, posReference, name }) => ({ kind, posReference, name })) },
        });
      await sendSnoozeEvent(
        em,
        { accountId: location.account.id, locationId },
        { eventType: 'ITEMS_UNSNOOZED', items: ended },
        now,
      );
      await scheduleUnsnooze(em, clock, locationId);
    });
  };
}
