import { deleteInBatches } from '../db/batch-delete.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { errors } from 'oidc-provider';
import { sha256Hex } from '../common/crypto.js';
import { isUnsafeText } from '../common/unsafe-text.js';
import { isUuid } from '../common/ids.js';
import { Application } from '../modules/applications/index.js';
import { clientMetadata } from './client-metadata.js';
import { prefetchedPayload } from './prefetched-payload.js';
import { sqlChanged, sqlRows } from '../db/raw-sql.js';

// oidc-provider's storage in PostgreSQL (table oidc_payloads, one row per (model, id)), in plain SQL over the
// ORM's pool. Clients are not stored here: the Client model reads the applications table.

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; consumed?: number };

interface Row {
  payload: Payload;
  /** Epoch seconds, or null. */
  consumed: number | null;
}

/** What find() reads of a row (unqualified column names of oidc_payloads), and which rows still count. */
export const PAYLOAD_COLUMNS = 'payload, floor(extract(epoch from consumed_at))::float8 as consumed';
export const LIVE = '(expires_at is null or expires_at > now())';

/** Models whose rows belong to a grant and go when the grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * Models whose id is a bearer secret (a token or a code): stored as its SHA-256, and without the `jti` copy of
 * it that oidc-provider keeps in the payload, so a read of the table (a backup, a log of a statement) gives
 * nobody a usable token. find() puts the jti back from the id it was asked for.
 */
const HASHED_ID_MODELS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials']);

/** The id column's value for a model's id. */
export function storedId(model: string, id: string): string {
  return HASHED_ID_MODELS.has(model) ? sha256Hex(id) : id;
}

/** What a single-use model's failed consume means to the client: the code or token is spent. */
const SPENT: Record<string, string> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

class PostgresAdapter {
  constructor(
    private readonly orm: MikroORM,
    private readonly model: string,
  ) {}

  /**
   * A fork, never orm.em itself: called inside a transaction's async context, orm.em resolves to that
   * transaction, and the provider's storage must not commit or roll back with someone else's change.
   */
  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    if (HASHED_ID_MODELS.has(this.model)) {
      const { jti: _secret, ...rest } = payload;
      payload = rest;
    }
    // A row that was consumed stays consumed: consumed_at is not touched by a later save.
    await sqlRows(
      this.em(),
      `insert into oidc_payloads (model, id, payload, grant_id, uid, expires_at) values (?, ?, ?::jsonb, ?, ?, ?)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        this.model,
        storedId(this.model, id),
        JSON.stringify(payload),
        GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  async find(id: string): Promise<Payload | undefined> {
    const prefetched = prefetchedPayload(this.model, id);
    const row =
      prefetched ??
      (
        await sqlRows<Row>(
          this.em(),
          `select ${PAYLOAD_COLUMNS} from oidc_payloads where model = ? and id = ? and ${LIVE}`,
          [this.model, storedId(this.model, id)],
        )
      )[0];
    const payload = withConsumed(row);
    return payload && HASHED_ID_MODELS.has(this.model) ? { ...payload, jti: id } : payload;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const rows = await sqlRows<Row>(
      this.em(),
      `select ${PAYLOAD_COLUMNS} from oidc_payloads where model = ? and uid = ? and ${LIVE}`,
      [this.model, uid],
    );
    return withConsumed(rows[0]);
  }

  async findByUserCode(): Promise<undefined> {
    return undefined; // the device flow is not enabled
  }

  /**
   * Single use, atomically: of several concurrent consumers of one code or refresh token exactly one changes the
   * row; the others fail here with invalid_grant (a plain update let them all through).
   */
  async consume(id: string): Promise<void> {
    const changed = await sqlChanged(
      this.em(),
      `update oidc_payloads set consumed_at = now() where model = ? and id = ? and consumed_at is null`,
      [this.model, storedId(this.model, id)],
    );
    if (changed !== 1) throw new errors.InvalidGrant(SPENT[this.model] ?? `${this.model} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    await sqlRows(this.em(), `delete from oidc_payloads where model = ? and id = ?`, [
      this.model,
      storedId(this.model, id),
    ]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await sqlRows(this.em(), `delete from oidc_payloads where model = ? and grant_id = ?`, [this.model, grantId]);
  }
}

function withConsumed(row: Row | undefined): Payload | undefined {
  if (!row) return undefined;
  return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
}

/** The application a client_id names: its client_id, or its id (see ApplicationClientAdapter.find). */
export function findClientApplication(em: EntityManager, clientId: string): Promise<Application | null> {
  return em.findOne(Application, isUuid(clientId) ? { $or: [{ clientId }, { id: clientId }] } : { clientId });
}

/** Clients are the applications table: find by client_id, everything else is not stored by the provider. */
class ApplicationClientAdapter {
  constructor(
    private readonly orm: MikroORM,
    private readonly options: { httpsRedirectsOnly?: boolean } = {},
  ) {}

  /**
   * By client_id, or by the application's id: existing POS Hub clients take applicationId from the redirect
   * after authorization and send it as client_id (docs/contract.md "Shapes existing clients send"). Either way the
   * metadata names the application's client_id, so codes and tokens carry one client id whichever the client sent.
   */
  async find(clientId: string): Promise<Record<string, unknown> | undefined> {
    // A client_id PostgreSQL cannot even compare (NUL, unpaired surrogates) names no client: invalid_client, not a 500.
    if (isUnsafeText(clientId)) return undefined;
    const application = await findClientApplication(this.orm.em.fork(), clientId);
    return application ? clientMetadata(application, this.options) : undefined;
  }

  async upsert(): Promise<void> {
    throw new Error('clients are managed through /v1/applications');
  }

  async destroy(): Promise<void> {}
  async consume(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
}

/** `httpsRedirectsOnly`: production, where clients keep only their https redirect URIs. */
export function adapterFactory(orm: MikroORM, clients: { httpsRedirectsOnly?: boolean } = {}) {
  return (model: string) =>
    model === 'Client' ? new ApplicationClientAdapter(orm, clients) : new PostgresAdapter(orm, model);
}

/** Deletes rows that expired more than `graceSeconds` before `now`, in batches; returns how many went. */
export function deleteExpiredPayloads(
  orm: MikroORM,
  now = new Date(),
  graceSeconds = 300,
  batch = 5000,
): Promise<number> {
  return deleteInBatches(
    orm.em,
    'oidc_payloads',
    'expires_at < ?',
    [new Date(now.getTime() - graceSeconds * 1000)],
    batch,
  );
}
