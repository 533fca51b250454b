import type { MikroORM } from '@mikro-orm/postgresql';
import { verifyNoPassword, verifyPassword } from '../common/crypto.js';
import { TokenBuckets } from '../common/token-bucket.js';
import { User } from '../modules/users/user.entity.js';

// Password guessing: every failed login (the login page, the password grant) takes a token from the e-mail's
// bucket; an empty bucket refuses further attempts, right or wrong, until a token is back. By e-mail, not by
// address, so guesses spread over many addresses count against the account all the same; a user who types
// the password wrong a few times is not held up, and a successful login fills the bucket again. Buckets live
// in this process, like the request rate limit: with several hub processes each counts what it receives.

export interface LoginLimits {
  /** Failed attempts allowed in a row (LOGIN_MAX_FAILURES, default 10; 0 turns the limit off). */
  maxFailures: number;
  /** Seconds for one more attempt to come back (LOGIN_FAILURE_REFILL_SECONDS, default 60). */
  refillSeconds: number;
}

/** Too many failed logins for this e-mail: retry after `retryAfterSeconds`. */
export class LoginThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed logins for this account: retry in ${retryAfterSeconds} s`);
    this.name = 'LoginThrottledError';
  }
}

export class LoginAttempts {
  private readonly failures: TokenBuckets | undefined;

  constructor(limits: LoginLimits, now: () => number = Date.now) {
    this.failures = limits.maxFailures > 0 ? new TokenBuckets(1 / limits.refillSeconds, limits.maxFailures, now) : undefined;
  }

  /**
   * The user whose e-mail and password these are, or null; throws LoginThrottledError, before looking at the
   * password, while the e-mail has no attempt left. An unknown e-mail costs the same time as a wrong password
   * (verifyNoPassword) and is counted the same, so neither tells whether the account exists.
   */
  async verify(orm: MikroORM, email: string | undefined, password: string | undefined): Promise<User | null> {
    const key = (email ?? '').trim().toLowerCase();
    const wait = this.failures?.waitSeconds(key) ?? 0;
    if (wait > 0) throw new LoginThrottledError(wait);
    const user = key ? await orm.em.fork().findOne(User, { email: key }) : null;
    const valid = user && password ? await verifyPassword(password, user.passwordHash) : await verifyNoPassword(password ?? '');
    if (user && valid) {
      this.failures?.forget(key);
      return user;
    }
    this.failures?.take(key);
    return null;
  }
}
