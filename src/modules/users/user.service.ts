import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { assertAccountReachable, isAdmin, requireScope } from '../../common/access.js';
import { hashPassword } from '../../common/crypto.js';
import { ConflictError, InsufficientScopeError, NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { Role } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import { Account } from '../accounts/account.entity.js';
import { ROLES, User } from './user.entity.js';
import { toUserView, type UserView } from './user.view.js';

export interface CreateUserInput {
  email: string;
  password: string;
  role: Role;
  /** The accounts a merchant belongs to. */
  accountIds?: string[] | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 10;

function checkUserFields(input: CreateUserInput): void {
  const errors: FieldError[] = [];
  if (typeof input.email !== 'string' || !EMAIL.test(input.email) || input.email.length > 320) errors.push({ path: '/email', message: 'must be an e-mail address' });
  if (typeof input.password !== 'string' || input.password.length < MIN_PASSWORD_LENGTH || input.password.length > 1024) {
    errors.push({ path: '/password', message: `must be ${MIN_PASSWORD_LENGTH} to 1024 characters` });
  }
  if (!ROLES.includes(input.role)) errors.push({ path: '/role', message: 'must be admin, reseller or merchant' });
  if (input.accountIds?.length && input.role !== 'merchant') errors.push({ path: '/accountIds', message: 'only merchants belong to accounts' });
  if (errors.length > 0) throw new ValidationError(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** Creates a user with no caller (bootstrap); the e-mail must be free. */
export async function insertUser(em: EntityManager, input: CreateUserInput, createdByUserId: string | null, accounts: Account[] = []): Promise<User> {
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
 * Users (CONTRACT section 2) are managed by operators: admins create any role; resellers create merchants for
 * the accounts they created. Partner applications never manage users.
 */
export class UserService {
  private assertOperator(ctx: RequestContext): asserts ctx is RequestContext & { principal: { type: 'user'; userId: string; role: Role } } {
    requireScope(ctx, 'provisioning');
    if (ctx.principal.type !== 'user' || ctx.principal.applicationId !== undefined) throw new InsufficientScopeError('provisioning');
  }

  async create(ctx: RequestContext, input: CreateUserInput): Promise<UserView> {
    this.assertOperator(ctx);
    checkUserFields(input);
    if (!isAdmin(ctx)) {
      if (ctx.principal.role !== 'reseller') throw new InsufficientScopeError('provisioning');
      if (input.role !== 'merchant') throw ValidationError.field('/role', 'a reseller creates merchants only');
      if (!input.accountIds?.length) throw ValidationError.field('/accountIds', 'a merchant created by a reseller belongs to at least one of its accounts');
    }
    const ids = [...new Set(input.accountIds ?? [])];
    ids.forEach((id) => assertAccountReachable(ctx, id));
    return ctx.em.transactional(async (em) => {
      const accounts = ids.length ? await em.find(Account, { id: { $in: ids } }) : [];
      if (accounts.length !== ids.length) throw new NotFoundError('Account');
      const user = await insertUser(em, input, ctx.principal.userId, accounts);
      return toUserView(user);
    });
  }

  async findAll(ctx: RequestContext, input: ListInput): Promise<Page<UserView>> {
    this.assertOperator(ctx);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = isAdmin(ctx) ? {} : { createdByUserId: ctx.principal.userId };
    return findPage(ctx.em, User, where, page, toUserView, { populate: ['accounts'] });
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
    await tx.getConnection().execute(`delete from oidc_payloads where payload->>'accountId' = ?`, [user.id], 'run', tx.getTransactionContext());
  });
}
