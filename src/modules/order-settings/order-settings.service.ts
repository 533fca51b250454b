import type { Shape } from '../../shapes/shape.js';
import { changesBetween, recordActivity } from '../activity/index.js';
import type { LocationAccess } from '../locations/index.js';
import { toOrderSettingsView, type OrderSettingsView } from './order-settings.view.js';

/**
 * A location's order settings (docs/acceptance-deadline.md): how long a new order may wait to be accepted and
 * what the hub does then, and how long a partner's deliveries may fail before the location is told. Read and
 * replaced whole; the body is checked against openapi.yaml's `OrderSettings` before it arrives here (REST's
 * validator, GraphQL's @ShapeArg). A new deadline applies to orders placed from then on: each order keeps the
 * `acceptBy` it was placed with.
 */
export class OrderSettingsService {
  async get(access: LocationAccess): Promise<OrderSettingsView> {
    return toOrderSettingsView(await access.load());
  }

  async set(access: LocationAccess, input: Shape<'OrderSettings'>): Promise<OrderSettingsView> {
    const { ctx, accountId, locationId } = access;
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      const before = toOrderSettingsView(location);
      location.acceptanceDeadlineMinutes = input.acceptanceDeadlineMinutes;
      location.afterDeadline = input.afterDeadline;
      location.deliveryAlertMinutes = input.deliveryAlertMinutes;
      const view = toOrderSettingsView(location);
      const changes = changesBetween(before, view, [
        'acceptanceDeadlineMinutes',
        'afterDeadline',
        'deliveryAlertMinutes',
      ]);
      if (changes) {
        location.updatedAt = new Date();
        recordActivity(em, ctx, {
          action: 'orderSettings.changed',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId, name: location.name },
          changes,
        });
      }
      await em.flush();
      return view;
    });
  }
}
