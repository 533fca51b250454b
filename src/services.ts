import type { HubConfig } from './config/config.js';
import { AccountService } from './modules/accounts/index.js';
import { DeliveryService } from './modules/delivery-log/index.js';
import { ApplicationService, applicationName, PartnerAddressCheck } from './modules/applications/index.js';
import { ConnectionService } from './modules/connections/index.js';
import { CatalogPullService, CatalogService, SnoozeService } from './modules/catalog/index.js';
import type { LookupFunction } from 'node:net';
import type { PartnerHttp } from './delivery-engine/partner-http.js';
import type { HubMetrics } from './observability/metrics.js';
import { LocationService } from './modules/locations/index.js';
import { OrderService } from './modules/orders/index.js';
import { MenuChangeListener, MenuPublicationService, MenuService } from './modules/menus/index.js';
import { StoreStatusService } from './modules/store-status/index.js';
import { UserService, ViewerService } from './modules/users/index.js';
import { GettingStartedService, HomeService } from './modules/home/index.js';
import { ReportService } from './modules/reports/index.js';
import { EventFeedService, TestEventService } from './modules/events/index.js';
import { OrderExportService } from './modules/exports/index.js';
import type { ImmediateDelivery } from './delivery-engine/immediate.js';
import { ActivityService } from './modules/activity/index.js';
import { SandboxReceiptService, TestOrderService } from './modules/sandbox/index.js';
import { OpeningHoursService, TimezoneChangeListener } from './modules/availability/index.js';
import { hubClock } from './common/clock.js';
import { OrderSettingsService } from './modules/order-settings/index.js';

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
  /** A location's acceptance deadline and delivery failure alert. */
  orderSettings: OrderSettingsService;
  home: HomeService;
  gettingStarted: GettingStartedService;
  reports: ReportService;
  orderExports: OrderExportService;
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
  config: Pick<
    HubConfig,
    'isProduction' | 'catalogPullTimeoutMs' | 'allowPrivatePartnerUrls' | 'clockOffsetMs' | 'clockMinuteMs'
  >,
  deps: ServiceDeps,
): Services {
  const production = config.isProduction;
  const clock = hubClock(config);
  // The menus hear of catalog and location changes through this listener, so neither module imports them.
  const menusListen = new MenuChangeListener(clock);
  const hoursListen = new TimezoneChangeListener(clock);
  const catalog = new CatalogService(menusListen);
  const orders = new OrderService(clock, { placed: () => deps.metrics?.orderPlaced() });
  const deliveries = new DeliveryService(clock);
  return {
    accounts: new AccountService(),
    // The menus and the marketplaces' opening hours both follow a location's changes.
    locations: new LocationService({
      async locationChanged(em, before, after) {
        await menusListen.locationChanged(em, before, after);
        await hoursListen.locationChanged(em, before, after);
      },
    }),
    deliveries,
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
    orderSettings: new OrderSettingsService(),
    home: new HomeService(deliveries),
    gettingStarted: new GettingStartedService(),
    reports: new ReportService(),
    orderExports: new OrderExportService(),
    eventFeed: new EventFeedService(),
    activity: new ActivityService(applicationName),
    sandboxReceipts: new SandboxReceiptService(),
    testOrders: new TestOrderService({ orders, production }),
    testEvents: new TestEventService({ immediate: deps.immediate, production }),
  };
}
