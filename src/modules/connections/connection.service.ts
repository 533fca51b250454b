import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { assertLocationReachable, requireScope } from '../../common/access.js';
import { secretBox } from '../../common/crypto.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { ApplicationKind } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import { Application, APPLICATION_KINDS } from '../applications/application.entity.js';
import { urlProblem } from '../applications/application.rules.js';
import { loadReachableLocation } from '../locations/location.service.js';
import { Connection, type ConnectionStatus } from './connection.entity.js';
import { toConnectionView, type ConnectionView, type Credentials } from './connection.view.js';

export interface ConnectInput {
  applicationId: string;
  credentials?: Credentials | null;
}

export interface AvailableApplicationView {
  id: string;
  kind: ApplicationKind;
  name: string;
  connected: boolean;
  /** The active connection at this location, when connected. */
  connectionId: string | null;
  createdAt: string;
}

/** A connection as the hub's own calls to the partner need it: credentials opened. Never sent to a client. */
export interface ConnectionWithCredentials {
  id: string;
  applicationId: string;
  kind: ApplicationKind;
  accountId: string;
  locationId: string;
  status: ConnectionStatus;
  credentials: Credentials | null;
}

const MAX_CREDENTIALS_BYTES = 16 * 1024;

function openCredentials(connection: Connection): Credentials | null {
  return connection.credentialsSealed ? (JSON.parse(secretBox().open(connection.credentialsSealed)) as Credentials) : null;
}

/**
 * For the catalog pull, menu publication and other calls to the partner: the connection with its credentials
 * opened. The caller has already established that the request may use this connection (tenancy is checked by
 * the service that owns the operation); 404 when it does not exist.
 */
export async function connectionWithCredentials(em: EntityManager, connectionId: string): Promise<ConnectionWithCredentials> {
  const connection = await em.findOne(Connection, { id: connectionId }, { populate: ['application'] });
  if (!connection) throw new NotFoundError('Connection');
  return {
    id: connection.id,
    applicationId: connection.application.id,
    kind: connection.application.kind as ApplicationKind,
    accountId: connection.accountId,
    locationId: connection.location.id,
    status: connection.status,
    credentials: openCredentials(connection),
  };
}

/** A partner application sees only its own connections; operators see all of the location's. */
function visibleTo(ctx: RequestContext): object {
  return ctx.principal.type === 'application' ? { application: ctx.principal.applicationId } : {};
}

/** Every method checks reach before scope: a location out of reach is 404, never 403 (CONTRACT section 1). */
export class ConnectionService {
  constructor(private readonly options: { production: boolean }) {}

  /** Every partner application (optionally of one kind), each saying whether it is connected here. */
  async findAvailable(ctx: RequestContext, accountId: string, locationId: string, input: ListInput & { kind?: ApplicationKind | null }): Promise<Page<AvailableApplicationView>> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'connections.read');
    if (input.kind != null && !APPLICATION_KINDS.includes(input.kind)) throw ValidationError.field('kind', 'must be POS or MARKETPLACE');
    await loadReachableLocation(ctx, accountId, locationId);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = input.kind ? { kind: input.kind } : { kind: { $ne: null } };
    const result = await findPage(ctx.em, Application, where, page, (a) => a);
    const active = result.data.length
      ? await ctx.em.find(Connection, { location: locationId, status: 'ACTIVE', application: { $in: result.data.map((a) => a.id) } })
      : [];
    const connectionOf = new Map(active.map((c) => [c.application.id, c.id]));
    return {
      ...result,
      data: result.data.map((a) => ({
        id: a.id,
        kind: a.kind as ApplicationKind,
        name: a.name,
        connected: connectionOf.has(a.id),
        connectionId: connectionOf.get(a.id) ?? null,
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }

  /** One ACTIVE connection per application and location (409 otherwise); credentials are sealed at rest. */
  async connect(ctx: RequestContext, accountId: string, locationId: string, input: ConnectInput): Promise<ConnectionView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'connections.write', 'provisioning');
    const credentials = input.credentials ?? null;
    checkCredentials(credentials);
    try {
      return await ctx.em.transactional(async (em) => {
        const tx = { ...ctx, em };
        const location = await loadReachableLocation(tx, accountId, locationId, { lock: true });
        const application = await em.findOne(Application, { id: input.applicationId, kind: { $ne: null } });
        if (!application) throw new NotFoundError('Application');
        this.checkPartnerUrls(application);
        const existing = await em.findOne(Connection, { application, location, status: 'ACTIVE' });
        if (existing) throw new ConflictError('The application is already connected to this location');
        const connection = new Connection(application, location);
        connection.credentialsSealed = credentials ? secretBox().seal(JSON.stringify(credentials)) : null;
        await em.persist(connection).flush();
        return toConnectionView(connection, credentials);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictError('The application is already connected to this location');
      throw error;
    }
  }

  async findAll(ctx: RequestContext, accountId: string, locationId: string, input: ListInput): Promise<Page<ConnectionView>> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'connections.read');
    await loadReachableLocation(ctx, accountId, locationId);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = { $and: [{ location: locationId, status: 'ACTIVE' }, visibleTo(ctx)] };
    return findPage(ctx.em, Connection, where, page, (c) => toConnectionView(c, openCredentials(c)), { populate: ['application', 'location'] });
  }

  async findOne(ctx: RequestContext, accountId: string, locationId: string, connectionId: string): Promise<ConnectionView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'connections.read');
    const connection = await this.loadActive(ctx, accountId, locationId, connectionId);
    return toConnectionView(connection, openCredentials(connection));
  }

  /** The application loses the location at once: reach is read on every request. */
  async disconnect(ctx: RequestContext, accountId: string, locationId: string, connectionId: string): Promise<ConnectionView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'connections.write', 'provisioning');
    const connection = await this.loadActive(ctx, accountId, locationId, connectionId);
    connection.status = 'DISCONNECTED';
    connection.disconnectedAt = new Date();
    connection.updatedAt = new Date();
    await ctx.em.flush();
    return toConnectionView(connection, openCredentials(connection));
  }

  private async loadActive(ctx: RequestContext, accountId: string, locationId: string, connectionId: string): Promise<Connection> {
    await loadReachableLocation(ctx, accountId, locationId);
    const connection = await ctx.em.findOne(
      Connection,
      { $and: [{ id: connectionId, location: locationId, status: 'ACTIVE' }, visibleTo(ctx)] } as never,
      { populate: ['application', 'location'] },
    );
    if (!connection) throw new NotFoundError('Connection');
    return connection;
  }

  /** CONTRACT section 7: partner URLs are checked at registration and again at connect time. */
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

function checkCredentials(credentials: unknown): void {
  if (credentials === null) return;
  if (typeof credentials !== 'object' || Array.isArray(credentials)) throw ValidationError.field('/credentials', 'must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(credentials)) > MAX_CREDENTIALS_BYTES) throw ValidationError.field('/credentials', `must be at most ${MAX_CREDENTIALS_BYTES} bytes`);
}
