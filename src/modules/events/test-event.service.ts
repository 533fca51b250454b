import type { ApplicationGrant } from '../../auth/authorize.js';
import { canReachLocation } from '../../common/access.js';
import { ConflictError, ValidationError } from '../../common/errors.js';
import { uuidv7 } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import { sqlRows } from '../../db/raw-sql.js';
import type { ImmediateDelivery } from '../../delivery-engine/immediate.js';
import { enqueueDelivery, type DeliveryEventType } from '../../delivery-engine/outbox.js';
import { eventTypesOf, RECEIVERS_OF, urlFor, webhookDelivery } from '../../delivery-engine/webhook-event.js';
import { type Application, loadApplication } from '../applications/index.js';
import { openCredentials } from '../connections/index.js';
import { readExportLocation } from '../menus/index.js';
import { SAMPLE_OF, type SampleTarget } from './event-samples.js';
import type { Shape } from '../../shapes/shape.js';

export type TestEventInput = Shape<'TestEventRequest'>;

/** What the partner answered to a test event, and where to find the delivery in the log. */
export interface TestEventResult {
  deliveryId: string;
  eventId: string;
  eventType: DeliveryEventType;
  /** The URL it was sent to. */
  url: string;
  /** DELIVERED (a 2xx in time) or FAILED: a test event gets one attempt (Retry now in the log sends it again). */
  status: 'DELIVERED' | 'FAILED';
  /** The partner's HTTP status; null when no answer came (error says why). */
  httpStatus: number | null;
  latencyMs: number;
  /** The start of the partner's answer (the log keeps its first 1 KiB). */
  responseExcerpt: string | null;
  error: string | null;
  sentAt: string;
}

/** The application's active connections, oldest first: a sample happens at the first the caller reaches. */
const CONNECTIONS_SQL = `
  select c.id as "connectionId", c.account_id as "accountId", c.location_id as "locationId",
         c.credentials_sealed as "credentialsSealed"
    from connections c
   where c.application_id = ? and c.status = 'ACTIVE'
   order by c.created_at, c.id`;

/** Where a sample happens when the application is connected nowhere the caller reaches. */
const SAMPLE_LOCATION = {
  name: 'Sample location',
  currency: 'EUR',
  timezone: 'Europe/Amsterdam',
  taxRates: [
    {
      posReference: 'vat-9',
      name: 'VAT 9%',
      type: 'PERCENTAGE' as const,
      rate: 90000,
      inclusive: true,
      isDefault: true,
    },
  ],
};

/**
 * POST /v1/applications/{id}/test-events: a signed example of an event type the application receives, sent to
 * its URL for that event now, through the delivery engine (logged like any delivery, `test: true` in the
 * envelope); the answer says what the partner answered. The application itself may ask (any token of it), and
 * the operators who manage it (scope applications.write).
 */
export class TestEventService {
  constructor(private readonly deps: { immediate: ImmediateDelivery; production: boolean }) {}

  async send(access: ApplicationGrant, input: TestEventInput): Promise<TestEventResult> {
    const { ctx } = access;
    const application = await loadApplication(access, this.deps.production);
    if (!application.kind) throw ValidationError.field('/eventType', "the hub's own clients receive no events");
    const offered = eventTypesOf(application.kind);
    const eventType = offered.find((type) => type === input.eventType);
    if (!eventType)
      throw ValidationError.field('/eventType', `a ${application.kind} application receives ${offered.join(', ')}`);
    const url = urlFor(eventType, application);
    if (!url)
      throw new ConflictError(
        `The application has no ${RECEIVERS_OF[eventType].url}: it reads ${eventType} from its event feed (GET /v1/events)`,
      );
    const { target, credentials, real } = await this.targetOf(ctx, application);
    const sample = SAMPLE_OF[eventType](target);
    const event = webhookDelivery({
      eventType,
      accountId: target.accountId,
      locationId: target.locationId,
      recipient: { applicationId: application.id, connectionId: target.connectionId, url },
      test: true,
      body: sample.body,
      ...(sample.withConnection ? { credentials } : {}),
    });
    // Made-up ids name no location: the delivery is then in the application's log only.
    const delivery = real ? event : { ...event, accountId: null, locationId: null, connectionId: null };
    const { id: deliveryId, eventId } = await ctx.em.transactional(async (em) => {
      const enqueued = await enqueueDelivery(em, { ...delivery, url });
      await this.deps.immediate.reserve(em, enqueued.id);
      return enqueued;
    });
    const outcome = await this.deps.immediate.send(deliveryId);
    return {
      deliveryId,
      eventId,
      eventType,
      url: outcome.url,
      status: outcome.status,
      httpStatus: outcome.attempt.httpStatus,
      latencyMs: Math.round(outcome.attempt.latencyMs),
      responseExcerpt: outcome.attempt.responseExcerpt,
      error: outcome.attempt.error,
      sentAt: outcome.attempt.startedAt.toISOString(),
    };
  }

  /** The application's first connection the caller reaches (real ids, its credentials), else made-up ones. */
  private async targetOf(ctx: RequestContext, application: Application) {
    const connections = await sqlRows<{
      connectionId: string;
      accountId: string;
      locationId: string;
      credentialsSealed: string | null;
    }>(ctx.em, CONNECTIONS_SQL, [application.id]);
    const connection = connections.find((c) => canReachLocation(ctx, c.accountId, c.locationId));
    const ids = {
      orderId: uuidv7(),
      menuId: uuidv7(),
      publicationId: uuidv7(),
      productId: uuidv7(),
      categoryId: uuidv7(),
    };
    const marketplace =
      application.kind === 'MARKETPLACE'
        ? { clientId: application.clientId, name: application.name }
        : { clientId: 'oh_sample_marketplace', name: 'Sample marketplace' };
    if (connection) {
      const target: SampleTarget = {
        ...connection,
        location: await readExportLocation(ctx.em, connection.locationId),
        marketplace,
        ids,
        now: new Date(),
      };
      return { target, credentials: openCredentials(connection), real: true };
    }
    const locationId = uuidv7();
    const target: SampleTarget = {
      accountId: uuidv7(),
      locationId,
      connectionId: uuidv7(),
      location: { id: locationId, ...SAMPLE_LOCATION },
      marketplace,
      ids,
      now: new Date(),
    };
    return { target, credentials: null, real: false };
  }
}
