import type { HubConfig } from './config/config.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DeliveryService } from './modules/delivery-log/delivery.service.js';
import { ApplicationService } from './modules/applications/application.service.js';
import { ConnectionService } from './modules/connections/connection.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { CatalogPullService } from './modules/catalog/catalog-pull.service.js';
import type { LookupFunction } from 'node:net';
import type { PartnerHttp } from './delivery-engine/partner-http.js';
import type { HubMetrics } from './observability/metrics.js';
import { PartnerAddressCheck } from './modules/applications/partner-addresses.js';
import { LocationService } from './modules/locations/location.service.js';
import { OrderService } from './modules/orders/order.service.js';
import { MenuPublicationService } from './modules/menus/menu-publication.service.js';
import { MenuChangeListener } from './modules/menus/menu-change-listener.js';
import { MenuService } from './modules/menus/menu.service.js';
import { StoreStatusService } from './modules/store-status/store-status.service.js';
import { UserService } from './modules/users/user.service.js';
import { HomeService } from './modules/home/home.service.js';
import { ReportService } from './modules/reports/report.service.js';
import { ViewerService } from './modules/users/viewer.service.js';
import { EventFeedService } from './modules/events/event-feed.service.js';
import { TestEventService } from './modules/events/test-event.service.js';
import type { ImmediateDelivery } from './delivery-engine/immediate.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { SandboxReceiptService } from './modules/sandbox/sandbox-receipts.js';
import { TestOrderService } from './modules/sandbox/test-order.service.js';
import { OpeningHoursService } from './modules/availability/opening-hours.service.js';
import { TimezoneChangeListener } from './modules/availability/timezone-change-listener.js';
import { SnoozeService } from './modules/catalog/snooze.service.js';
import { offsetClock } from './common/clock.js';

/** The one service layer, shared by REST routes and GraphQL resolvers. */
export interface Services {
  accounts: AccountService;
  locations: LocationService;
  deliveries: DeliveryService;
  applications: ApplicationService;
  connections: ConnectionService;
  users: UserService;
  /** The signed-in operator of the web UI and what it may do. */
  viewer: ViewerService;
  catalog: CatalogService;
  catalogPull: CatalogPullService;
  orders: OrderService;
  menus: MenuService;
  menuPublications: MenuPublicationService;
  storeStatus: StoreStatusService;
  /** Opening hours, per-marketplace overrides and holiday closures. */
  openingHours: OpeningHoursService;
  /** Products and modifiers not for sale until a time. */
  snoozes: SnoozeService;
  home: HomeService;
  reports: ReportService;
  /** GET /v1/events: an application's events, oldest first. */
  eventFeed: EventFeedService;
  /** Who changed what (the activity log); services write it with recordActivity. */
  activity: ActivityService;
  /** What the sandbox marketplace received (the UI shows it). */
  sandboxReceipts: SandboxReceiptService;
  /** POST {loc}/test-orders: the sandbox marketplace places a test order. */
  testOrders: TestOrderService;
  /** POST /v1/applications/{id}/test-events: a sample event sent at once. */
  testEvents: TestEventService;
}

/** What services need from outside the process: the guarded client for calls to partners. */
export interface ServiceDeps {
  partnerHttp: PartnerHttp;
  /** Name resolution for the registration check of partner URLs (tests make a name resolve to a forbidden address). */
  partnerLookup?: LookupFunction;
  /** Counts what happens, for GET /metrics. */
  metrics?: HubMetrics;
  /** The delivery worker's immediate sends (test events). */
  immediate: ImmediateDelivery;
}

export function createServices(
  config: Pick<HubConfig, 'isProduction' | 'catalogPullTimeoutMs' | 'allowPrivatePartnerUrls' | 'clockOffsetMs'>,
  deps: ServiceDeps,
): Services {
  const production = config.isProduction;
  const clock = offsetClock(config.clockOffsetMs);
  // The menus hear of catalog and location changes through this listener, so neither module imports them.
  const menusListen = new MenuChangeListener(clock);
  const hoursListen = new TimezoneChangeListener(clock);
  const catalog = new CatalogService(menusListen);
  const orders = new OrderService(clock, { placed: () => deps.metrics?.orderPlaced() });
  return {
    accounts: new AccountService(),
    // The menus and the marketplaces' opening hours both follow a location's changes.
    locations: new LocationService({
      async locationChanged(em, before, after) {
        await menusListen.locationChanged(em, before, after);
        await hoursListen.locationChanged(em, before, after);
      },
    }),
    deliveries: new DeliveryService(),
    applications: new ApplicationService({
      production,
      partnerAddresses: new PartnerAddressCheck({
        allowPrivate: config.allowPrivatePartnerUrls,
        lookup: deps.partnerLookup,
      }),
    }),
    connections: new ConnectionService({ production }),
    users: new UserService(),
    viewer: new ViewerService(),
    catalog,
    catalogPull: new CatalogPullService({
      partnerHttp: deps.partnerHttp,
      catalog,
      timeoutMs: config.catalogPullTimeoutMs,
    }),
    orders,
    menus: new MenuService(clock),
    menuPublications: new MenuPublicationService(clock),
    storeStatus: new StoreStatusService(clock),
    openingHours: new OpeningHoursService(clock),
    snoozes: new SnoozeService(clock),
    home: new HomeService(),
    reports: new ReportService(),
    eventFeed: new EventFeedService(),
    activity: new ActivityService(),
    sandboxReceipts: new SandboxReceiptService(),
    testOrders: new TestOrderService({ orders, production }),
    testEvents: new TestEventService({ immediate: deps.immediate, production }),
  };
}
