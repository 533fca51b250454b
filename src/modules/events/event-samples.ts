import type { DeliveryEventType } from '../../delivery-engine/outbox.js';
import { toCategoryView } from '../catalog/index.js';
import type { ExportLocation, MenuExport, MenuItemView } from '../menus/index.js';
import { type OrderStatus, type OrderView, type StatusChange, toOrderView } from '../orders/index.js';
import { toStoreStatusView } from '../store-status/index.js';
import { availabilityView, type AvailabilityView } from '../availability/index.js';

// A realistic example of every event type, in the very shapes the hub sends (built by the same view functions),
// for test events (test-event.service.ts): a partner developer sees what the hub sends before a real order
// happens. The envelope (webhookDelivery) marks each `test: true`. A new event type does not compile until it has
// its sample here.

/** Where a sample happens: a real connection of the application when there is one, or made-up ids. */
export interface SampleTarget {
  accountId: string;
  locationId: string;
  connectionId: string;
  location: ExportLocation;
  /** The marketplace an order sample names (the application itself when it is one). */
  marketplace: { clientId: string; name: string };
  /** Ids the sample's order, menu and publication take: new for every test event, naming nothing that exists. */
  ids: { orderId: string; menuId: string; publicationId: string; productId: string; categoryId: string };
  now: Date;
}

export interface Sample {
  /** The event's own fields, after the envelope. */
  body: object;
  /** Whether the event carries `connection: {id, credentials}` (as menus and the store status do). */
  withConnection: boolean;
}

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

function sampleOrder(target: SampleTarget, status: OrderStatus, extra: Record<string, unknown> = {}): OrderView {
  const { now, location } = target;
  const rates = location.taxRates.length > 0 ? [location.taxRates[0].posReference] : [];
  const history: StatusChange[] = [{ status: 'NEW', at: now.toISOString(), by: 'MARKETPLACE' }];
  if (status !== 'NEW') history.push({ status, at: minutes(now, 2).toISOString(), by: 'POS' });
  return toOrderView({
    id: target.ids.orderId,
    location: { id: target.locationId },
    accountId: target.accountId,
    clientId: target.marketplace.clientId,
    sourceName: target.marketplace.name,
    externalId: `sample-${target.ids.orderId.slice(-12)}`,
    status,
    test: true,
    cancellationReason: null,
    cancelledBy: null,
    createdAt: now,
    updatedAt: status === 'NEW' ? now : minutes(now, 2),
    acceptedAt: status === 'NEW' ? null : minutes(now, 2),
    rejectedAt: null,
    completedAt: null,
    cancelledAt: null,
    statusHistory: history,
    locationSnapshot: location,
    details: {
      orderNumber: 'T-4711',
      fulfillmentType: 'PICKUP',
      currency: location.currency,
      isPaid: true,
      estimatedPickupTime: minutes(now, 25).toISOString(),
      customer: { firstName: 'Sofia', lastName: 'Bianchi', phone: '+31 6 1234 5678' },
      notes: 'A sample: no customer is waiting for it',
      items: [
        {
          posReference: 'margherita',
          name: 'Margherita',
          quantity: 2,
          price: 1150,
          taxRateIds: rates,
          options: [{ posReference: 'olives', name: 'Olives', quantity: 1, price: 100, taxRateIds: rates }],
        },
        { posReference: 'tiramisu', name: 'Tiramisù', quantity: 1, price: 695, taxRateIds: rates, options: [] },
      ],
      payments: [{ name: 'card', amount: 3195 }],
      subTotal: 3195,
      total: 3195,
      ...extra,
    },
  });
}

function sampleMenu(target: SampleTarget): MenuExport {
  const rates = target.location.taxRates.length > 0 ? [target.location.taxRates[0].posReference] : [];
  const item: MenuItemView = {
    id: target.ids.productId,
    productId: target.ids.productId,
    posReference: 'margherita',
    name: 'Margherita',
    price: 1150,
    categories: ['pizza'],
    taxRateIds: rates,
    taxRateIdsOverride: null,
    show_online: true,
    modifierGroups: [],
    position: 0,
    snoozedUntil: null,
  };
  return {
    id: target.ids.menuId,
    name: 'Sample menu',
    description: 'A sample: not a menu of this hub',
    categories: [
      toCategoryView({
        id: target.ids.categoryId,
        posReference: 'pizza',
        name: 'Pizza',
        description: null,
        position: 0,
        showOnline: true,
        serviceAvailability: null,
      }),
    ],
    items: [item],
    modifierGroups: [],
    modifiers: [],
  };
}

/** Open every day 11:30-22:00 in the location's time zone, and closed for a holiday in two weeks. */
function sampleAvailability(target: SampleTarget): AvailabilityView {
  const from = new Date(target.now.getTime() + 14 * 86_400_000);
  return availabilityView(
    {
      timeZone: target.location.timezone,
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start: '11:30', end: '22:00' })),
      overrides: [],
      holidays: [{ from: from.toISOString(), to: minutes(from, 24 * 60).toISOString(), reason: 'A sample holiday' }],
    },
    null,
    target.now,
  );
}

const SNOOZED = { kind: 'PRODUCT' as const, posReference: 'margherita', name: 'Margherita' };

const orderEvent = (target: SampleTarget, newState: OrderView, previousState: OrderView | null) => ({
  clientId: target.marketplace.clientId,
  orderId: target.ids.orderId,
  newState,
  previousState,
});

export const SAMPLE_OF: Record<DeliveryEventType, (target: SampleTarget) => Sample> = {
  ORDER_CREATED: (target) => ({
    body: orderEvent(target, sampleOrder(target, 'NEW'), null),
    withConnection: false,
  }),
  ORDER_STATUS_CHANGED: (target) => ({
    body: orderEvent(target, sampleOrder(target, 'ACCEPTED'), sampleOrder(target, 'NEW')),
    withConnection: false,
  }),
  ORDER_UPDATED: (target) => ({
    body: orderEvent(
      target,
      sampleOrder(target, 'ACCEPTED', { estimatedPickupTime: minutes(target.now, 40).toISOString() }),
      sampleOrder(target, 'ACCEPTED'),
    ),
    withConnection: false,
  }),
  ORDER_OVERDUE: (target) => {
    const acceptBy = minutes(target.now, 5).toISOString();
    const order = sampleOrder(target, 'NEW', { acceptBy, overdueAt: acceptBy });
    return {
      body: {
        clientId: target.marketplace.clientId,
        orderId: target.ids.orderId,
        acceptBy,
        afterDeadline: 'REJECT',
        order,
      },
      withConnection: false,
    };
  },
  MENU_PUBLISHED: (target) => ({
    body: {
      menuId: target.ids.menuId,
      publicationId: target.ids.publicationId,
      location: target.location,
      menu: sampleMenu(target),
      availability: sampleAvailability(target),
    },
    withConnection: true,
  }),
  MENU_UPDATED: (target) => ({
    body: {
      menuId: target.ids.menuId,
      newState: {
        menuId: target.ids.menuId,
        publicationId: target.ids.publicationId,
        accountId: target.accountId,
        locationId: target.locationId,
        connectionId: target.connectionId,
        location: target.location,
        menu: sampleMenu(target),
        availability: sampleAvailability(target),
      },
    },
    withConnection: true,
  }),
  STORE_STATUS_CHANGED: (target) => {
    const closedUntil = minutes(target.now, 60);
    const location = {
      storeStatus: 'OFFLINE' as const,
      closedUntil,
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'A sample: the store did not close',
      busyExtraMinutes: null,
      busyUntil: null,
    };
    const paused = { state: 'PAUSED' as const, until: closedUntil.toISOString(), reason: 'TOO_BUSY' };
    return { body: toStoreStatusView(location, paused), withConnection: true };
  },
  OPENING_HOURS_CHANGED: (target) => ({ body: sampleAvailability(target), withConnection: true }),
  ITEMS_SNOOZED: (target) => ({
    body: { items: [{ ...SNOOZED, id: target.ids.productId, until: minutes(target.now, 60).toISOString() }] },
    withConnection: true,
  }),
  ITEMS_UNSNOOZED: (target) => ({
    body: { items: [{ ...SNOOZED, id: target.ids.productId }] },
    withConnection: true,
  }),
};
