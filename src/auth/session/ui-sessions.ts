import { setTimeout as delay } from 'node:timers/promises';
import { deleteInBatches } from '../../db/batch-delete.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { generateSecret, sha256Hex, type SecretBox } from '../../common/crypto.js';
import { DomainError } from '../../common/errors.js';
import type { Principal, Reach } from '../../common/principal.js';
import type { UiSessionConfig } from '../../config/config.js';
import type { Authenticator } from '../authenticator.js';
import { notNow, TokenEndpointError, type TokenSet, type UiTokenClient } from './token-endpoint.js';
import { sqlRows } from '../../db/raw-sql.js';
import { notifyLive } from '../../live/notify.js';

type Caller = { principal: Principal; reach: Reach };

interface SessionRow {
  user_id: string;
  access_token_sealed: string;
  refresh_token_sealed: string;
  access_expires_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  version: number;
}

/** Sign-in refused in words a person reads on the sign-in page (docs/contract.md "Conventions" codes). */
class SignInRefusedError extends DomainError {}

const SELECT =
  'select user_id, access_token_sealed, refresh_token_sealed, access_expires_at, idle_expires_at, absolute_expires_at, version from ui_sessions where id = ?';

/** How long a claimed refresh is the claimer's alone: longer than any answer of the hub's own token endpoint. */
const REFRESH_LEASE_MS = 30_000;
/** How often a request whose access token has expired looks whether the refresh another process claimed is done. */
const REFRESH_WAIT_MS = 50;

/**
 * The web UI's sessions (backend-for-frontend): the browser holds a random cookie value, the hub holds the
 * tokens of a password grant through the UI's own client. `authenticate` turns a cookie into the caller its
 * access token stands for, so every rule of reach and role is the bearer token's.
 */
export class UiSessions implements Authenticator {
  constructor(
    private readonly orm: MikroORM,
    private readonly box: SecretBox,
    private readonly tokens: UiTokenClient,
    private readonly bearer: Authenticator,
    private readonly config: UiSessionConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session for these credentials: the cookie value to give the browser, and who signed in. `clientAddress`: the browser's. */
  async signIn(email: string, password: string, clientAddress?: string): Promise<{ cookie: string; caller: Caller }> {
    let tokens: TokenSet;
    try {
      tokens = await this.tokens.password(email, password, clientAddress);
    } catch (error) {
      throw signInRefusal(error);
    }
    const caller = await this.bearer.authenticate(tokens.accessToken);
    if (!caller || caller.principal.type !== 'user')
      throw new Error('the UI client issued a token that does not authenticate a user');
    const cookie = generateSecret();
    const now = this.now();
    await sqlRows(
      this.em(),
      `insert into ui_sessions (id, user_id, access_token_sealed, refresh_token_sealed, access_expires_at, idle_expires_at, absolute_expires_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        sha256Hex(cookie),
        caller.principal.userId,
        this.box.seal(tokens.accessToken),
        this.box.seal(tokens.refreshToken),
        new Date(now + tokens.expiresIn * 1000),
        new Date(now + this.config.idleSeconds * 1000),
        new Date(now + this.config.absoluteSeconds * 1000),
        new Date(now),
      ],
    );
    return { cookie, caller };
  }

  /** The caller of a live session; null (and the session gone) once it is idle, too old or its tokens are. */
  async authenticate(cookie: string): Promise<Caller | null> {
    const accessToken = await this.liveAccessToken(cookie);
    if (!accessToken) return null;
    const caller = await this.bearer.authenticate(accessToken);
    // Revoked behind the session's back (the user's password reset, an admin's revocation): the session ends.
    if (!caller) await this.delete(sha256Hex(cookie));
    return caller;
  }

  /**
   * Sign-out: both tokens revoked at the provider, the session deleted, and its subscription sockets closed in
   * every hub process (src/graphql/socket-sign-outs.ts). Unknown cookies are a no-op.
   */
  async signOut(cookie: string): Promise<void> {
    const id = sha256Hex(cookie);
    const [row] = await sqlRows<SessionRow>(this.em(), SELECT, [id]);
    if (!row) return;
    await this.delete(id);
    await Promise.all([
      this.tokens.revoke(this.box.open(row.refresh_token_sealed), 'refresh_token'),
      this.tokens.revoke(this.box.open(row.access_token_sealed), 'access_token'),
    ]);
    await this.em().transactional((tx) => notifyLive(tx, { topic: 'signed-out', userId: row.user_id }));
  }

  /** Sessions past their idle or absolute end at `now` (housekeeping), in batches. */
  deleteExpired(now = new Date(this.now()), batch = 5000): Promise<number> {
    return deleteInBatches(
      this.em(),
      'ui_sessions',
      'idle_expires_at <= ? or absolute_expires_at <= ?',
      [now, now],
      batch,
    );
  }

  private async liveAccessToken(cookie: string): Promise<string | null> {
    const id = sha256Hex(cookie);
    const em = this.em();
    const [row] = await sqlRows<SessionRow>(em, SELECT, [id]);
    if (!row) return null;
    const now = this.now();
    if (new Date(row.idle_expires_at).getTime() <= now || new Date(row.absolute_expires_at).getTime() <= now) {
      await this.delete(id);
      return null;
    }
    const token = this.needsRefresh(row) ? await this.refresh(id, row) : this.box.open(row.access_token_sealed);
    if (token) await this.touch(em, id, row);
    return token;
  }

  private needsRefresh(row: SessionRow): boolean {
    return new Date(row.access_expires_at).getTime() - this.config.refreshMarginSeconds * 1000 <= this.now();
  }

  /**
   * Refresh tokens rotate and a reused one revokes the whole grant, so one refresh per session at a time. In
   * this process, concurrent requests of a session share one refresh.
   */
  private refresh(id: string, row: SessionRow): Promise<string | null> {
    const running = this.refreshing.get(id);
    if (running) return running;
    const refresh = this.refreshOnce(id, row).finally(() => this.refreshing.delete(id));
    this.refreshing.set(id, refresh);
    return refresh;
  }

  private readonly refreshing = new Map<string, Promise<string | null>>();

  /**
   * Across processes, optimistically: a process claims the refresh of the version it read (one UPDATE, a lease
   * so that a crashed process does not keep it), calls the token endpoint with no transaction or row lock held,
   * and stores the new tokens only while its claim stands. (Holding a row lock over that call deadlocked the
   * embedded database, which serves one transaction at a time: the token endpoint's own queries waited behind
   * it.) A request that finds the refresh claimed elsewhere keeps the access token while it is still valid,
   * and once it has expired waits for the claimer's new one.
   */
  private async refreshOnce(id: string, read: SessionRow): Promise<string | null> {
    let row = read;
    for (;;) {
      const claimed = await this.claimRefresh(id, row.version);
      if (claimed !== null) return this.refreshClaimed(id, row, claimed);
      const [now] = await sqlRows<SessionRow>(this.em(), SELECT, [id]);
      if (!now) return null;
      if (!this.needsRefresh(now) || new Date(now.access_expires_at).getTime() > this.now())
        return this.box.open(now.access_token_sealed);
      if (now.version === row.version) await delay(REFRESH_WAIT_MS);
      row = now;
    }
  }

  /** The session's version after the claim, or null when another refresh has the version or the lease. */
  private async claimRefresh(id: string, version: number): Promise<number | null> {
    const now = this.now();
    const [claimed] = await sqlRows<{ version: number }>(
      this.em(),
      `update ui_sessions set version = version + 1, refresh_claimed_until = ?
       where id = ? and version = ? and (refresh_claimed_until is null or refresh_claimed_until <= ?) returning version`,
      [new Date(now + REFRESH_LEASE_MS), id, version, new Date(now)],
    );
    return claimed?.version ?? null;
  }

  private async refreshClaimed(id: string, row: SessionRow, claimed: number): Promise<string | null> {
    let tokens: TokenSet;
    try {
      tokens = await this.tokens.refresh(this.box.open(row.refresh_token_sealed));
    } catch (error) {
      // No answer (the hub's own endpoint unreachable), or not now (an outage, an overload: a 503): the refresh
      // token was not used, the session stays and the next request may try; this one gets the error (503).
      const later = error instanceof TokenEndpointError ? notNow(error) : error;
      if (later) {
        await sqlRows(this.em(), 'update ui_sessions set refresh_claimed_until = null where id = ? and version = ?', [
          id,
          claimed,
        ]);
        throw later;
      }
      // A refused refresh ends the session (docs/contract.md "Web UI").
      await this.delete(id);
      return null;
    }
    const stored = await sqlRows(
      this.em(),
      `update ui_sessions set access_token_sealed = ?, refresh_token_sealed = ?, access_expires_at = ?, refresh_claimed_until = null, version = version + 1
       where id = ? and version = ? returning id`,
      [
        this.box.seal(tokens.accessToken),
        this.box.seal(tokens.refreshToken),
        new Date(this.now() + tokens.expiresIn * 1000),
        id,
        claimed,
      ],
    );
    // The lease ran out and another process took the refresh over: the session's tokens are that one's.
    return stored.length > 0 ? tokens.accessToken : null;
  }

  /** Use moves the idle end forward; written at most once a minute, not on every request. */
  private async touch(em: EntityManager, id: string, row: SessionRow): Promise<void> {
    const idleEnd = this.now() + this.config.idleSeconds * 1000;
    if (idleEnd - new Date(row.idle_expires_at).getTime() < 60_000) return;
    await sqlRows(em, 'update ui_sessions set idle_expires_at = ? where id = ?', [new Date(idleEnd), id]);
  }

  private async delete(id: string): Promise<void> {
    await sqlRows(this.em(), 'delete from ui_sessions where id = ?', [id]);
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

function signInRefusal(error: unknown): unknown {
  if (!(error instanceof TokenEndpointError)) return error;
  const later = notNow(error);
  if (later) return later;
  if (error.error === 'invalid_grant')
    return new SignInRefusedError('unauthorized', 'Wrong e-mail, username or password.');
  if (error.status === 429)
    return new SignInRefusedError(
      'rate_limited',
      `Too many failed sign-ins for this e-mail. Try again in ${error.retryAfterSeconds ?? 60} seconds.`,
    );
  return error;
}
