import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { hashPassword } from '../../common/crypto.js';
import { ConflictError, NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import type { Role } from '../../common/principal.js';
import type { Account } from '../accounts/account.entity.js';
import { isUuid } from '../../common/ids.js';
import { sqlRows } from '../../db/raw-sql.js';
import { ROLES, User } from './user.entity.js';

// A user's record and its field rules, written with no caller: the hub's bootstrap and the admin command
// (`npm run admin`) use these directly; UserService adds the caller's rules before it calls insertUser.

export interface CreateUserInput {
  email: string;
  password: string;
  role: Role;
  /** The accounts a merchant belongs to. */
  accountIds?: string[] | null;
}

/** What an operator changes on a user: for now the accounts a merchant works in. */
export interface UpdateUserInput {
  accountIds?: unknown;
}

/** The most accounts one merchant belongs to (openapi.yaml UpdateUser says the same). */
export const MAX_ACCOUNTS_PER_MERCHANT = 500;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 10;

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
  for (const account of accounts) user.accounts.add(account);
  try {
    await em.persist(user).flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new ConflictError('A user with this e-mail exists');
    throw error;
  }
  return user;
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
 * user `accountId`), and the web UI's sessions, whose sealed tokens would be refused from now on anyway.
 */
export async function endSessionsOf(em: EntityManager, userId: string): Promise<void> {
  await sqlRows(em, `delete from oidc_payloads where payload->>'accountId' = ?`, [userId]);
  await sqlRows(em, 'delete from ui_sessions where user_id = ?', [userId]);
}
