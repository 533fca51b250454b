import type { MikroORM } from '@mikro-orm/postgresql';
import { setTimeout as delay } from 'node:timers/promises';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { verifyNoPassword, verifyPassword } from '../common/crypto.js';
import type { LimiterStore } from '../http/limiter-store.js';
import { User } from '../modules/users/index.js';

// Password guessing, as OWASP's authentication guidance has it: an attacker must not be able to lock a user
// out. Failed logins (the login page and the password grant together) count twice:
// - per e-mail AND source address: once that pair has used its failures, it is refused (429, Retry-After)
//   until its window ends, right password or not. Another address, the real user's, is not refused;
// - per e-mail over every address: past the same number of failures, every attempt for that e-mail is slowed
//   (slowdownMs more for each failure over, at most ten times that) before the password is even looked at,
//   so guesses spread over many addresses get slow, and the right password from a new address still works.
// A successful login clears both counts. The counts live in the limiter store (src/http/limiter-store.ts),
// so they hold across every hub process.

export interface LoginLimits {
  /** Failed attempts per e-mail and address, and per e-mail before slowing (LOGIN_MAX_FAILURES, default 10; 0 turns both off). */
  maxFailures: number;
  /** The window is maxFailures × this many seconds (LOGIN_FAILURE_REFILL_SECONDS, default 60: ten minutes). */
  refillSeconds: number;
  /** The penalty per failure over the limit, in ms (LOGIN_SLOWDOWN_MS, default 1000; at most ten times this). */
  slowdownMs: number;
}

/** Too many failed logins for this e-mail from this address: retry after `retryAfterSeconds`. */
export class LoginThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed logins for this account from this address: retry in ${retryAfterSeconds} s`);
    this.name = 'LoginThrottledError';
  }
}

/** How long an attempt waits when the e-mail has `failures` failures over all addresses. Pure. */
export function slowdownFor(failures: number, limits: Pick<LoginLimits, 'maxFailures' | 'slowdownMs'>): number {
  if (limits.maxFailures <= 0 || failures < limits.maxFailures) return 0;
  return Math.min(10, failures - limits.maxFailures + 1) * limits.slowdownMs;
}

/** The most an e-mail's count grows to: far past where the slowdown stops growing. */
const EMAIL_COUNT_CAP = 1_000_000;

export class LoginAttempts {
  private readonly perPair: RateLimiterAbstract | undefined;
  private readonly perEmail: RateLimiterAbstract | undefined;

  constructor(
    private readonly limits: LoginLimits,
    store: LimiterStore,
  ) {
    if (limits.maxFailures <= 0) return;
    const durationSeconds = limits.maxFailures * limits.refillSeconds;
    this.perPair = store.limiter({ name: 'login-pair', points: limits.maxFailures, durationSeconds });
    this.perEmail = store.limiter({ name: 'login-email', points: EMAIL_COUNT_CAP, durationSeconds });
  }

  /**
   * The user whose e-mail address (or username: a login without @) and password these are, or null; throws
   * LoginThrottledError, before looking at the password, while this user has no attempt left from this address.
   * Attempts are counted per user whichever of the two names it is given by, and per login for one nobody has.
   * An unknown login costs the same time as a wrong password (verifyNoPassword) and is counted the same, so
   * neither tells whether the account exists.
   */
  async verify(
    orm: MikroORM,
    login: string | undefined,
    password: string | undefined,
    source: string,
  ): Promise<User | null> {
    const name = (login ?? '').trim().toLowerCase();
    const user = name
      ? await orm.em.fork().findOne(User, name.includes('@') ? { email: name } : { username: name })
      : null;
    const key = user?.email ?? name;
    const pair = `${key}|${source}`;
    if (this.perPair && this.perEmail) {
      const [pairState, emailState] = await Promise.all([this.perPair.get(pair), this.perEmail.get(key)]);
      if (pairState && pairState.consumedPoints >= this.limits.maxFailures)
        throw new LoginThrottledError(Math.max(1, Math.ceil(pairState.msBeforeNext / 1000)));
      const wait = slowdownFor(emailState?.consumedPoints ?? 0, this.limits);
      if (wait > 0) await delay(wait);
    }
    const valid =
      user && password ? await verifyPassword(password, user.passwordHash) : await verifyNoPassword(password ?? '');
    // A deactivated user is refused like a wrong password, after the same work: the answer does not tell
    // that the account exists.
    if (user && valid && !user.deactivatedAt) {
      await Promise.all([this.perPair?.delete(pair), this.perEmail?.delete(key)]);
      return user;
    }
    await Promise.all([consume(this.perPair, pair), consume(this.perEmail, key)]);
    return null;
  }
}

/** Counts one failure; a count already at its limit stays there (the refusal is decided before verifying). */
async function consume(limiter: RateLimiterAbstract | undefined, key: string): Promise<void> {
  try {
    await limiter?.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
