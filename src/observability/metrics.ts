import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { STATUS_OF } from '../common/errors.js';

// What Prometheus scrapes from one hub process (GET /metrics, src/http/metrics-route.ts). One registry per
// hub, not prom-client's global one, so that several hubs in one process (tests) keep their own counts.
// Every label value comes from a closed set, whatever a client sends: route templates, never raw paths; a
// GraphQL operation by the schema field it asks for, never its client-chosen name; the grant types the hub
// serves and the error codes it answers. Anything else is `other`, so no client can add series (each one
// costs memory for good and every scrape after).

/** The label value for what is not in a label's closed set. */
const OTHER = 'other';

/** The grant types of the token endpoint. */
const GRANT_TYPES: ReadonlySet<string> = new Set([
  'client_credentials',
  'authorization_code',
  'password',
  'refresh_token',
]);

/** What the token endpoint answers: success, RFC 6749's errors, and the hub's own refusals. */
const GRANT_OUTCOMES: ReadonlySet<string> = new Set([
  'ok',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'server_error',
  'temporarily_unavailable',
  'rate_limited',
  'overloaded',
  'database_unavailable',
]);

/** What a GraphQL operation ends with: ok, or the code of its first error. */
const GRAPHQL_OUTCOMES: ReadonlySet<string> = new Set(['ok', ...Object.keys(STATUS_OF)]);

const within = (set: ReadonlySet<string>, value: string | undefined) =>
  value !== undefined && set.has(value) ? value : OTHER;

/** Read when Prometheus scrapes, from the database: cheap queries on indexed columns. */
export interface QueueReader {
  /** Deliveries due or waiting for a retry (not held, not being sent), and how old the oldest is (seconds, 0 when none). */
  queue(): Promise<{ depth: number; oldestPendingSeconds: number }>;
}

/** Connection pool figures at scrape time. */
export interface PoolReader {
  inUse(): number;
  waiting(): number;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From commit to the partner's answer: includes retries, so up to hours. */
const DELIVERY_SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 4 * 3600, 24 * 3600];

export class HubMetrics {
  readonly registry = new Registry();
  /** The schema's root fields (`Query.orders`): the GraphQL operations counted by name (countGraphqlFields). */
  private operations: ReadonlySet<string> = new Set();
  private readonly httpRequests = new Counter({
    name: 'orderhub_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'orderhub_http_request_duration_seconds',
    help: 'HTTP request duration, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly graphqlOperations = new Counter({
    name: 'orderhub_graphql_operations_total',
    help: 'GraphQL operations, by the field asked for first (Query.orders, Mutation.placeOrder; other) and outcome (ok or the error code)',
    labelNames: ['operation', 'outcome'],
    registers: [this.registry],
  });
  private readonly orderPlacements = new Counter({
    name: 'orderhub_order_placements_total',
    help: 'Orders placed (new ones; a repeated placement is not counted)',
    registers: [this.registry],
  });
  private readonly tokenGrants = new Counter({
    name: 'orderhub_token_grants_total',
    help: 'OAuth token requests, by grant type and outcome (ok or the OAuth error); other for anything else',
    labelNames: ['grant_type', 'outcome'],
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'orderhub_deliveries_total',
    help: 'Deliveries finished, by event type and outcome (delivered or failed)',
    labelNames: ['event_type', 'outcome'],
    registers: [this.registry],
  });
  private readonly attempts = new Counter({
    name: 'orderhub_delivery_attempts_total',
    help: 'Delivery attempts, by event type and outcome (delivered, retry, failed)',
    labelNames: ['event_type', 'outcome'],
    registers: [this.registry],
  });
  private readonly deliveryLatency = new Histogram({
    name: 'orderhub_delivery_latency_seconds',
    help: 'From the commit that wrote an event to the partner answer that delivered it',
    labelNames: ['event_type'],
    buckets: DELIVERY_SECONDS,
    registers: [this.registry],
  });

  constructor(
    options: {
      queue?: QueueReader;
      pools?: Record<string, PoolReader>;
      admission?: () => { inFlight: number; waiting: number };
    } = {},
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'orderhub_' });
    const { queue, pools, admission } = options;
    if (admission) {
      // Requests refused for overload are orderhub_http_requests_total{status="503"}; these show how close to it the process runs.
      new Gauge({
        name: 'orderhub_admission_in_flight',
        help: 'Requests in progress in this process (admission control: ADMISSION_MAX_IN_FLIGHT at most)',
        registers: [this.registry],
        collect() {
          this.set(admission().inFlight);
        },
      });
      new Gauge({
        name: 'orderhub_admission_waiting',
        help: 'Requests waiting for a slot in this process (ADMISSION_MAX_QUEUED at most)',
        registers: [this.registry],
        collect() {
          this.set(admission().waiting);
        },
      });
    }
    if (queue) {
      // One query per scrape feeds both gauges: whichever is collected first reads, the other reuses it.
      let reading: Promise<{ depth: number; oldestPendingSeconds: number }> | undefined;
      const read = () => {
        reading ??= queue.queue().finally(() => setImmediate(() => (reading = undefined)));
        return reading;
      };
      new Gauge({
        name: 'orderhub_delivery_queue_depth',
        help: 'Deliveries due or waiting for their next attempt (all processes; not those held behind an earlier event of their order, nor those being sent)',
        registers: [this.registry],
        async collect() {
          this.set((await read()).depth);
        },
      });
      new Gauge({
        name: 'orderhub_delivery_oldest_pending_seconds',
        help: 'Age of the oldest delivery waiting to be sent (all processes)',
        registers: [this.registry],
        async collect() {
          this.set((await read()).oldestPendingSeconds);
        },
      });
    }
    if (pools) {
      new Gauge({
        name: 'orderhub_db_pool_connections_in_use',
        help: 'Database connections checked out, by pool',
        labelNames: ['pool'],
        registers: [this.registry],
        collect() {
          for (const [pool, reader] of Object.entries(pools)) this.set({ pool }, reader.inUse());
        },
      });
      new Gauge({
        name: 'orderhub_db_pool_waiting',
        help: 'Callers waiting for a database connection, by pool',
        labelNames: ['pool'],
        registers: [this.registry],
        collect() {
          for (const [pool, reader] of Object.entries(pools)) this.set({ pool }, reader.waiting());
        },
      });
    }
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** The GraphQL schema's root fields, once it is built: the only operation names counted as themselves. */
  countGraphqlFields(fields: Iterable<string>): void {
    this.operations = new Set(fields);
  }

  /** `operation`: a root field of the schema (`Query.orders`), or anything else, counted as `other`. */
  graphqlOperation(operation: string | undefined, outcome: string): void {
    this.graphqlOperations.inc({
      operation: within(this.operations, operation),
      outcome: within(GRAPHQL_OUTCOMES, outcome),
    });
  }

  orderPlaced(): void {
    this.orderPlacements.inc();
  }

  tokenGrant(grantType: string | undefined, outcome: string): void {
    this.tokenGrants.inc({ grant_type: within(GRANT_TYPES, grantType), outcome: within(GRANT_OUTCOMES, outcome) });
  }

  /** One attempt; `finished` when it ended the delivery (delivered or failed), with the time since its event's commit. */
  deliveryAttempt(
    eventType: string,
    outcome: 'delivered' | 'retry' | 'failed',
    sinceCommitSeconds: number | undefined,
  ): void {
    this.attempts.inc({ event_type: eventType, outcome });
    if (outcome === 'retry') return;
    this.deliveries.inc({ event_type: eventType, outcome });
    if (outcome === 'delivered' && sinceCommitSeconds !== undefined)
      this.deliveryLatency.observe({ event_type: eventType }, sinceCommitSeconds);
  }

  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
