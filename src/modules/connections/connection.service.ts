import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Grant } from '../../auth/authorize.js';
import { secretBox } from '../../common/crypto.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { ApplicationKind } from '../../common/principal.js';
import { Application, canonicalKind, urlProblem } from '../applications/index.js';
import type { LocationAccess } from '../locations/index.js';
import { openCredentials } from './connection-credentials.js';
import { findVisibleConnection, visibleTo } from './connection-visibility.js';
import { Connection } from './connection.entity.js';
import { toConnectionView, type ConnectionView } from './connection.view.js';
import { recordActivity } from '../activity/index.js';
import { resealCredentials } from '../../delivery-engine/webhook-event.js';
import type { Shape } from '../../shapes/shape.js';

export type ConnectInput = Shape<'CreateConnection'>;
export type UpdateConnectionInput = Shape<'UpdateConnection'>;

export type AvailableApplicationView = Shape<'AvailableApplication'>;

/** Every method takes the grant of its operation (connection.operations.ts). */
export class ConnectionService {
  constructor(private readonly options: { production: boolean }) {}

  /**
   * What a partner (an application's token, or a user's token through an application) sees of the directory:
   * itself and the applications connected at this location, not every other reseller's; undefined for
   * operators, who choose from every application.
   */
  private async partnerDirectory({ ctx, locationId, ownedBy }: LocationAccess): Promise<object | undefined> {
    const self = ownedBy.connections;
    if (!self) return undefined;
    const connected = await ctx.em.find(
      Connection,
      { location: locationId, status: 'ACTIVE' },
      { fields: ['application'] },
    );
    return { id: { $in: [self, ...connected.map((c) => c.application.id)] } };
  }

  /** Every partner application (optionally of one kind), each saying whether it is connected here; a partner sees fewer (partnerDirectory). */
  async findAvailable(
    access: LocationAccess,
    input: ListInput & { kind?: string | null },
  ): Promise<Page<AvailableApplicationView>> {
    const { ctx, locationId } = access;
    const wanted = input.kind != null ? canonicalKind(input.kind, 'kind') : null;
    await access.load();
    const page = pageRequest(input.limit, input.nextPageKey);
    // The sandbox partners exist outside production only; a database that once ran one keeps them hidden.
    const kind = {
      kind: wanted ? wanted : { $ne: null },
      ...(this.options.production ? { sandbox: false } : {}),
    };
    const where = (await this.partnerDirectory(access)) ?? kind;
    const result = await findPage(ctx.em, Application, where === kind ? kind : { $and: [kind, where] }, page, (a) => a);
    const active = result.data.length
      ? await ctx.em.find(Connection, {
          location: locationId,
          status: 'ACTIVE',
          application: { $in: result.data.map((a) => a.id) },
        })
      : [];
    const connectionOf = new Map(active.map((c) => [c.application.id, c.id]));
    return {
      ...result,
      data: result.data.map((a) => ({
        id: a.id,
        kind: a.kind as ApplicationKind,
        name: a.name,
        clientId: a.clientId,
        redirectUris: [...a.redirectUris],
        sandbox: a.sandbox,
        connected: connectionOf.has(a.id),
        connectionId: connectionOf.get(a.id) ?? null,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  /** How many locations the application is actively connected to, among those the caller reaches. */
  async countActive(grant: Grant, applicationId: string): Promise<number> {
    const { ctx } = grant;
    const within = ctx.reach.all
      ? {}
      : {
          accountId: { $in: [...ctx.reach.accountIds] },
          ...(ctx.reach.locationIds ? { location: { $in: [...ctx.reach.locationIds] } } : {}),
        };
    return ctx.em.count(Connection, {
      $and: [{ application: applicationId, status: 'ACTIVE', ...within }, visibleTo(grant)],
    } as never);
  }

  /** One ACTIVE connection per application and location (409 otherwise); credentials are sealed at rest. */
  async connect(access: LocationAccess, input: ConnectInput): Promise<ConnectionView> {
    const { ctx, accountId, locationId } = access;
    const credentials = input.credentials ?? null;
    checkCredentials(credentials);
    try {
      return await access.ctx.em.transactional(async (em) => {
        const location = await access.load(em, { lock: true });
        const application = await em.findOne(Application, {
          id: input.applicationId,
          kind: { $ne: null },
          ...(this.options.production ? { sandbox: false } : {}),
        });
        if (!application) throw new NotFoundError('Application');
        this.checkPartnerUrls(application);
        const existing = await em.findOne(Connection, { application, location, status: 'ACTIVE' });
        if (existing) throw new ConflictError('The application is already connected to this location');
        const connection = new Connection(application, location);
        connection.credentialsSealed = credentials ? secretBox().seal(JSON.stringify(credentials)) : null;
        em.persist(connection);
        recordActivity(em, ctx, {
          action: 'connection.created',
          accountId,
          locationId,
          subject: { type: 'connection', id: connection.id, name: application.name },
          changes: { applicationId: application.id, kind: application.kind, credentials: credentials !== null },
        });
        await em.flush();
        return toConnectionView(connection, credentials);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new ConflictError('The application is already connected to this location');
      throw error;
    }
  }

  async findAll(access: LocationAccess, input: ListInput): Promise<Page<ConnectionView>> {
    await access.load();
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { $and: [{ location: access.locationId, status: 'ACTIVE' }, visibleTo(access)] };
    return findPage(access.ctx.em, Connection, where, page, (c) => toConnectionView(c, openCredentials(c)), {
      populate: ['application', 'location'],
    });
  }

  async findOne(access: LocationAccess, connectionId: string): Promise<ConnectionView> {
    const connection = await findVisibleConnection(access, connectionId);
    return toConnectionView(connection, openCredentials(connection));
  }

  /**
   * The client's own keys at the partner, entered anew (null removes them). The connection keeps its id;
   * everything sent to the partner from now on carries the new ones, the deliveries still waiting included.
   */
  async updateCredentials(
    access: LocationAccess,
    connectionId: string,
    input: UpdateConnectionInput,
  ): Promise<ConnectionView> {
    const { ctx, accountId, locationId } = access;
    const credentials = input?.credentials;
    if (credentials === undefined) throw ValidationError.field('/credentials', 'is required (null removes them)');
    checkCredentials(credentials);
    const visible = await findVisibleConnection(access, connectionId);
    return ctx.em.transactional(async (em) => {
      const connection = await em.findOneOrFail(Connection, { id: visible.id }, { populate: ['application'] });
      connection.credentialsSealed = credentials ? secretBox().seal(JSON.stringify(credentials)) : null;
      connection.updatedAt = new Date();
      const resealed = await resealCredentials(em, locationId, connection.id, credentials);
      recordActivity(em, ctx, {
        action: 'connection.credentialsChanged',
        accountId,
        locationId,
        subject: { type: 'connection', id: connection.id, name: connection.application.name },
        changes: { credentials: true, waitingDeliveries: resealed },
      });
      await em.flush();
      return toConnectionView(connection, credentials);
    });
  }

  /** The application loses the location at once: reach is read on every request. */
  async disconnect(access: LocationAccess, connectionId: string): Promise<ConnectionView> {
    const { ctx, accountId, locationId } = access;
    const connection = await findVisibleConnection(access, connectionId);
    if (connection.status !== 'DISCONNECTED')
      recordActivity(ctx.em, ctx, {
        action: 'connection.disconnected',
        accountId,
        locationId,
        subject: { type: 'connection', id: connection.id, name: connection.application.name },
        changes: { applicationId: connection.application.id },
      });
    connection.status = 'DISCONNECTED';
    connection.disconnectedAt = new Date();
    connection.updatedAt = new Date();
    await access.ctx.em.flush();
    return toConnectionView(connection, openCredentials(connection));
  }

  /** docs/contract.md "Calls the hub makes": partner URLs are checked at registration and again at connect time. */
  private checkPartnerUrls(application: Application): void {
    const errors: FieldError[] = [];
    for (const key of ['webhookUrl', 'catalogPullUrl', 'menuPublicationUrl', 'storeStatusUrl'] as const) {
      const value = application[key];
      const problem = value == null ? null : urlProblem(value, this.options.production);
      if (problem) errors.push({ path: `/applicationId`, message: `the application's ${key} ${problem}` });
    }
    if (errors.length > 0) throw new ValidationError(errors.map((e) => e.message).join('; '), errors);
  }
}

const MAX_CREDENTIALS_BYTES = 16 * 1024;

function checkCredentials(credentials: unknown): void {
  if (credentials === null) return;
  if (typeof credentials !== 'object' || Array.isArray(credentials))
    throw ValidationError.field('/credentials', 'must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(credentials)) > MAX_CREDENTIALS_BYTES)
    throw ValidationError.field('/credentials', `must be at most ${MAX_CREDENTIALS_BYTES} bytes`);
}
