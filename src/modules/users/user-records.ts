import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { hashPassword } from '../../common/crypto.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import type { Role } from '../../common/principal.js';
import type { Account } from '../accounts/index.js';
import { isUuid } from '../../common/ids.js';
import { sqlRows } from '../../db/raw-sql.js';
import { notifyLive } from '../../live/notify.js';
import { ROLES, User } from './user.entity.js';

// A user's record and its field rules, written with no caller: the hub's bootstrap and the admin command
// (`npm run admin`) use these directly; UserService adds the caller's rules before it calls insertUser.

export interface CreateUserInput {
  email: string;
  /** Another name to sign in with; none when omitted. */
  username?: string | null;
  password: string;
  role: Role;
  /** The accounts a merchant belongs to. */
  accountIds?: string[] | null;
}

/** What an operator changes on a user: the accounts a merchant works in, its username (null removes it). */
export interface UpdateUserInput {
  accountIds?: unknown;
  username?: unknown;
}

/** The roles an operator of each role gives a new user: an admin any, a reseller merchants (for its accounts). */
export const CREATABLE_ROLES: Record<Role, Role[]> = {
  admin: ['admin', 'reseller', 'merchant'],
  reseller: ['merchant'],
  merchant: [],
};

/** The most accounts one merchant belongs to (openapi.yaml UpdateUser says the same). */
const MAX_ACCOUNTS_PER_MERCHANT = 500;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MIN_PASSWORD_LENGTH = 10;
/**
 * A username: 3 to 64 letters, digits, dots, dashes and underscores, starting with a letter or digit. No @, so
 * whoever signs in with one can never be taken for the e-mail address of another (openapi.yaml says the same).
 */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;
const USERNAME_RULE = 'must be 3 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit';

/** The username to store (lower-case) for what was sent; null removes it. A 400 at `/username` otherwise. */
export function checkedUsername(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !USERNAME.test(value)) throw ValidationError.field('/username', USERNAME_RULE);
  return value.toLowerCase();
}

export function checkUserFields(input: CreateUserInput): void {
  const errors: FieldError[] = [];
  if (typeof input.email !== 'string' || !EMAIL.test(input.email) || input.email.length > 320)
    errors.push({ path: '/email', message: 'must be an e-mail address' });
  if (
    typeof input.password !== 'string' ||
    input.password.length < MIN_PASSWORD_LENGTH ||
    input.password.length > 1024
  ) {
    errors.push({ path: '/password', message: `must be ${MIN_PASSWORD_LENGTH} to 1024 characters` });
  }
  if (input.username != null && !USERNAME.test(String(input.username)))
    errors.push({ path: '/username', message: USERNAME_RULE });
  if (!ROLES.includes(input.role)) errors.push({ path: '/role', message: 'must be admin, reseller or merchant' });
  if (input.accountIds?.length && input.role !== 'merchant')
    errors.push({ path: '/accountIds', message: 'only merchants belong to accounts' });
  if (errors.length > 0) throw ValidationError.fields(errors);
}

/** The account ids of an update, each a UUID, without repeats (REST's schema checks the same; GraphQL arrives here unchecked). */
export function checkedAccountIds(input: UpdateUserInput): string[] {
  const ids = input?.accountIds;
  if (!Array.isArray(ids))
    throw ValidationError.field('/accountIds', 'is required: the accounts the merchant works in');
  if (ids.length > MAX_ACCOUNTS_PER_MERCHANT)
    throw ValidationError.field('/accountIds', `must hold at most ${MAX_ACCOUNTS_PER_MERCHANT} accounts`);
  const errors: FieldError[] = ids.flatMap((id, i) =>
    typeof id === 'string' && isUuid(id)
      ? []
      : [{ path: `/accountIds/${i}`, message: 'must be an account id (a UUID)' }],
  );
  if (errors.length > 0) throw ValidationError.fields(errors);
  return [...new Set(ids as string[])];
}

/** Creates a user with no caller (bootstrap); the e-mail must be free. */
export async function insertUser(
  em: EntityManager,
  input: CreateUserInput,
  createdByUserId: string | null,
  accounts: Account[] = [],
): Promise<User> {
  const user = new User(input.email, await hashPassword(input.password), input.role, createdByUserId);
  if (input.username != null) user.username = checkedUsername(input.username);
  for (const account of accounts) user.accounts.add(account);
  await flushUser(em, user);
  return user;
}

/** Flushes a new or changed user; an e-mail or username someone else has is a 409 that says which. */
export async function flushUser(em: EntityManager, user: User): Promise<void> {
  try {
    await em.persist(user).flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    const taken = error.message.includes('username') ? 'username' : 'e-mail';
    throw new ConflictError(`A user with this ${taken} exists`);
  }
}

/**
 * A lost password, set anew from the machine the hub runs on (`npm run admin -- reset-password`): no caller,
 * like insertUser. The user's OAuth sessions and tokens end with it, so whoever held the old password is out.
 */
export async function resetPassword(em: EntityManager, email: string, password: string): Promise<void> {
  checkUserFields({ email, password, role: 'admin' });
  await em.transactional(async (tx) => {
    const user = await tx.findOne(User, { email: email.toLowerCase() });
    if (!user) throw new NotFoundError(`User ${email}`);
    user.passwordHash = await hashPassword(password);
    await tx.flush();
    await endSessionsOf(tx, user.id);
  });
}

/**
 * Ends everything a user is signed in with, at once: OAuth grants, sessions and tokens (the provider names the
 * user `accountId`), and the web UI's sessions, whose sealed tokens would be refused from now on anyway. Its
 * subscription sockets, in every hub process, close at the commit (src/graphql/socket-sign-outs.ts). Runs in
 * the caller's transaction.
 */
export async function endSessionsOf(em: EntityManager, userId: string): Promise<void> {
  await sqlRows(em, `delete from oidc_payloads where payload->>'accountId' = ?`, [userId]);
  await sqlRows(em, 'delete from ui_sessions where user_id = ?', [userId]);
  await notifyLive(em, { topic: 'signed-out', userId });
}
