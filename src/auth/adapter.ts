import type { MikroORM } from '@mikro-orm/postgresql';
import { errors } from 'oidc-provider';
import { Application } from '../modules/applications/application.entity.js';
import { clientMetadata } from './client-metadata.js';
import { prefetchedPayload } from './prefetched-payload.js';

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
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** What a single-use model's failed consume means to the client: the code or token is spent. */
const SPENT: Record<string, string> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

export class PostgresAdapter {
  constructor(
    private readonly orm: MikroORM,
    private readonly model: string,
  ) {}

  private execute<T>(sql: string, params: unknown[], method: 'all' | 'run' = 'all'): Promise<T> {
    return this.orm.em.getConnection().execute(sql, params, method) as Promise<T>;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    // A row that was consumed stays consumed: consumed_at is not touched by a later save.
    await this.execute(
      `insert into oidc_payloads (model, id, payload, grant_id, uid, expires_at) values (?, ?, ?::jsonb, ?, ?, ?)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid, expires_at = excluded.expires_at`,
      [this.model, id, JSON.stringify(payload), GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null, payload.uid ?? null, expiresAt],
      'run',
    );
  }

  async find(id: string): Promise<Payload | undefined> {
    const prefetched = prefetchedPayload(this.model, id);
    if (prefetched) return withConsumed(prefetched);
    const rows = await this.execute<Row[]>(`select ${PAYLOAD_COLUMNS} from oidc_payloads where model = ? and id = ? and ${LIVE}`, [this.model, id]);
    return withConsumed(rows[0]);
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const rows = await this.execute<Row[]>(
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
    const result = await this.execute<{ affectedRows: number }>(
      `update oidc_payloads set consumed_at = now() where model = ? and id = ? and consumed_at is null`,
      [this.model, id],
      'run',
    );
    if (result.affectedRows !== 1) throw new errors.InvalidGrant(SPENT[this.model] ?? `${this.model} already consumed`);
  }

  async destroy(id: string): Promise<void> {
    await this.execute(`delete from oidc_payloads where model = ? and id = ?`, [this.model, id], 'run');
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.execute(`delete from oidc_payloads where model = ? and grant_id = ?`, [this.model, grantId], 'run');
  }
}

function withConsumed(row: Row | undefined): Payload | undefined {
  if (!row) return undefined;
  return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
}

/** Clients are the applications table: find by client_id, everything else is not stored by the provider. */
export class ApplicationClientAdapter {
  constructor(private readonly orm: MikroORM) {}

  async find(clientId: string): Promise<Record<string, unknown> | undefined> {
    const application = await this.orm.em.fork().findOne(Application, { clientId });
    return application ? clientMetadata(application) : undefined;
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

export function adapterFactory(orm: MikroORM) {
  return (model: string) => (model === 'Client' ? new ApplicationClientAdapter(orm) : new PostgresAdapter(orm, model));
}

/** Deletes rows that expired more than `graceSeconds` ago, in batches; returns how many went. */
export async function deleteExpiredPayloads(orm: MikroORM, graceSeconds = 300, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await orm.em.getConnection().execute<{ affectedRows: number }>(
      `delete from oidc_payloads where ctid in (select ctid from oidc_payloads where expires_at < now() - make_interval(secs => ?) limit ?)`,
      [graceSeconds, batch],
      'run',
    );
    total += result.affectedRows;
    if (result.affectedRows < batch) return total;
  }
}
