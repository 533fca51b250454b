import { deleteInBatches } from '../../db/batch-delete.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { secretBox } from '../../common/crypto.js';
import { ConflictError, DomainError, ValidationError } from '../../common/errors.js';
import { sqlRows } from '../../db/raw-sql.js';

// docs/contract.md "Conventions": same key and body within 24 h replays the first response; same key with another
// body is 422; same key while the first is still running is 409. Kept in PostgreSQL so it holds across
// hub processes.

export const REPLAY_WINDOW_MS = 24 * 3600 * 1000;
/** A row still IN_FLIGHT after this long belongs to a request whose process died: the key may be used again. */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

export type Claim = { outcome: 'proceed' } | { outcome: 'replay'; response: StoredResponse };

interface Row {
  request_hash: string;
  state: 'IN_FLIGHT' | 'DONE';
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  created_at: Date;
}

export class IdempotencyService {
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Claims the key for this request, or says to replay, or refuses (409, 422). */
  async claim(em: EntityManager, caller: string, key: string, hash: string): Promise<Claim> {
    if (key.length < 1 || key.length > MAX_KEY_LENGTH)
      throw ValidationError.field('Idempotency-Key', `must be 1 to ${MAX_KEY_LENGTH} characters`);
    const now = this.now();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const inserted = await sqlRows(
        em,
        `insert into idempotency_keys (caller, key, request_hash, state, created_at) values (?, ?, ?, 'IN_FLIGHT', ?)
         on conflict (caller, key) do nothing returning caller`,
        [caller, key, hash, now],
      );
      if (inserted.length === 1) return { outcome: 'proceed' };
      const [row] = await sqlRows<Row>(em, 'select * from idempotency_keys where caller = ? and key = ?', [
        caller,
        key,
      ]);
      if (!row) continue; // removed in between: claim again
      const age = now.getTime() - new Date(row.created_at).getTime();
      const stale = age > REPLAY_WINDOW_MS || (row.state === 'IN_FLIGHT' && age > ABANDONED_AFTER_MS);
      if (stale) {
        await sqlRows(em, 'delete from idempotency_keys where caller = ? and key = ? and created_at = ?', [
          caller,
          key,
          row.created_at,
        ]);
        continue;
      }
      if (row.request_hash !== hash) {
        throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with a different request');
      }
      if (row.state === 'IN_FLIGHT')
        throw new ConflictError('A request with this Idempotency-Key is still being processed');
      return {
        outcome: 'replay',
        response: {
          status: row.response_status!,
          contentType: row.response_content_type!,
          body: secretBox().open(row.response_body!),
        },
      };
    }
    throw new ConflictError('A request with this Idempotency-Key is still being processed');
  }

  /**
   * Keeps the response for replay; a 5xx releases the key instead, so the client can simply retry. The body is
   * sealed at rest: some responses carry secrets shown only once (an application's client and webhook secrets).
   */
  async complete(em: EntityManager, caller: string, key: string, response: StoredResponse): Promise<void> {
    if (response.status >= 500) return this.release(em, caller, key);
    await sqlRows(
      em,
      `update idempotency_keys set state = 'DONE', response_status = ?, response_content_type = ?, response_body = ? where caller = ? and key = ?`,
      [response.status, response.contentType, secretBox().seal(response.body), caller, key],
    );
  }

  /** Frees the key of a request that failed in a way the client should simply retry. */
  async release(em: EntityManager, caller: string, key: string): Promise<void> {
    await sqlRows(em, `delete from idempotency_keys where caller = ? and key = ? and state = 'IN_FLIGHT'`, [
      caller,
      key,
    ]);
  }

  /** Deletes the keys past their window at `now`, in batches; returns how many. */
  purgeExpired(em: EntityManager, now = this.now(), batch = 5000): Promise<number> {
    return deleteInBatches(
      em,
      'idempotency_keys',
      'created_at < ?',
      [new Date(now.getTime() - REPLAY_WINDOW_MS)],
      batch,
    );
  }
}
