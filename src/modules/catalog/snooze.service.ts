import type { Clock } from '../../common/clock.js';
import { NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import type { LocationAccess } from '../locations/index.js';
import { sendSnoozeEvent } from './snooze-events.js';
import { endSnooze, existingReferences, readSnoozes, writeSnoozes } from './snooze-store.js';
import { parseSnoozeKind, parseSnoozes, SNOOZE_KINDS, type SnoozeRequest } from './snooze.rules.js';
import { scheduleUnsnooze } from './unsnooze-timer.js';
import { recordActivity } from '../activity/index.js';
import type { Shape } from '../../shapes/shape.js';

/** What is snoozed at a location, earliest end first: GET, PUT and DELETE answer it alike. */
export type SnoozeList = Shape<'SnoozeListEnvelope'>['data'];

/**
 * Snooze: a product or modifier not for sale until a time, when the hub takes it back by itself
 * (unsnooze-timer.ts). Apart from show_online and taxRateIds, which stay as the POS set them, so a snooze is
 * never a product PATCH (one without taxRateIds clears them). Every change tells the marketplaces which
 * items changed (ITEMS_SNOOZED, ITEMS_UNSNOOZED) in its transaction. A POS snoozes with its own token
 * (catalogs.write), as an operator does.
 */
export class SnoozeService {
  constructor(private readonly clock: Clock) {}

  async list(access: LocationAccess): Promise<SnoozeList> {
    await access.load();
    return { items: await readSnoozes(access.ctx.em, access.locationId) };
  }

  /**
   * Snoozes each item named until its time (naming a snoozed item again moves its end); the others stay as
   * they are. An item the catalog does not have is a 400 naming it, and then nothing changes.
   */
  async snooze(access: LocationAccess, body: unknown): Promise<SnoozeList> {
    const { ctx, accountId, locationId } = access;
    const now = this.clock.now();
    const requests = parseSnoozes(body, now);
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      const problems: FieldError[] = [];
      const byKind = SNOOZE_KINDS.map((kind) => ({ kind, items: requests.filter((r) => r.kind === kind) }));
      for (const { kind, items } of byKind) {
        if (items.length === 0) continue;
        const known = await existingReferences(
          em,
          locationId,
          kind,
          items.map((i) => i.posReference),
        );
        for (const item of items.filter((i) => !known.has(i.posReference))) problems.push(unknownItem(item));
      }
      if (problems.length > 0) throw ValidationError.fields(problems.sort((a, b) => a.path.localeCompare(b.path)));
      const written = [];
      for (const { kind, items } of byKind)
        if (items.length) written.push(...(await writeSnoozes(em, locationId, kind, items)));
      const changed = written.filter((w) => w.changed).map(({ changed: _, ...item }) => item);
      if (changed.length > 0)
        recordActivity(em, ctx, {
          action: 'catalog.snoozed',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId, name: location.name },
          changes: {
            items: changed.map(({ kind, posReference, name, until }) => ({ kind, posReference, name, until })),
          },
        });
      await sendSnoozeEvent(em, { accountId, locationId }, { eventType: 'ITEMS_SNOOZED', items: changed }, now);
      await scheduleUnsnooze(em, this.clock, locationId);
      return { items: await readSnoozes(em, locationId) };
    });
  }

  /** Ends one item's snooze early (nothing is sent when it was not snoozed); 404 when the catalog has no such item. */
  async unsnooze(access: LocationAccess, kindName: string, posReference: string): Promise<SnoozeList> {
    const { ctx, accountId, locationId } = access;
    const kind = parseSnoozeKind(kindName);
    if (!kind) throw new NotFoundError('Catalog item');
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      const ended = await endSnooze(em, locationId, kind, posReference);
      if (!ended) throw new NotFoundError(kind === 'PRODUCT' ? 'Product' : 'Modifier');
      if (ended.changed) {
        const { changed: _, ...item } = ended;
        recordActivity(em, ctx, {
          action: 'catalog.unsnoozed',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId, name: location.name },
          changes: { items: [{ kind, posReference, name: item.name }], early: true },
        });
        const now = this.clock.now();
        await sendSnoozeEvent(em, { accountId, locationId }, { eventType: 'ITEMS_UNSNOOZED', items: [item] }, now);
        await scheduleUnsnooze(em, this.clock, locationId);
      }
      return { items: await readSnoozes(em, locationId) };
    });
  }
}

function unknownItem(item: SnoozeRequest): FieldError {
  return {
    path: `/items/${item.index}/posReference`,
    message: `is not the posReference of a ${item.kind.toLowerCase()} of this location`,
  };
}
