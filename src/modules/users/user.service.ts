import type { Grant, UserGrant } from '../../auth/authorize.js';
import { isAdminItself, managedUsers, managedWhere } from '../../auth/record-reach.js';
import { assertAccountReachable, reachesAccount } from '../../common/access.js';
import { NotFoundError, ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { Role } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account } from '../accounts/index.js';
import { User } from './user.entity.js';
import {
  CREATABLE_ROLES,
  checkedAccountIds,
  checkedUsername,
  checkUserFields,
  endSessionsOf,
  flushUser,
  insertUser,
  type CreateUserInput,
  type UpdateUserInput,
} from './user-records.js';
import { toUserView, type UserView } from './user.view.js';
import { recordActivity } from '../activity/index.js';

/** The operator a user operation was granted to (user.operations.ts declares operators only). */
function operatorOf(ctx: RequestContext): { userId: string; role: Role } {
  if (ctx.principal.type !== 'user') throw new Error('a user operation granted to an application');
  return ctx.principal;
}

/**
 * Users (docs/contract.md "Principals, scopes and tokens") are managed by operators: admins create any role; resellers
 * create merchants for the accounts they created. Partner applications never manage users (user.operations.ts).
 */
export class UserService {
  async create({ ctx }: Grant, input: CreateUserInput): Promise<UserView> {
    const operator = operatorOf(ctx);
    checkUserFields(input);
    if (!isAdminItself(ctx)) {
      if (!CREATABLE_ROLES[operator.role].includes(input.role))
        throw ValidationError.field('/role', 'a reseller creates merchants only');
      if (!input.accountIds?.length)
        throw ValidationError.field(
          '/accountIds',
          'a merchant created by a reseller belongs to at least one of its accounts',
        );
    }
    const ids = [...new Set(input.accountIds ?? [])];
    ids.forEach((id) => assertAccountReachable(ctx, id));
    return ctx.em.transactional(async (em) => {
      const accounts = ids.length ? await em.find(Account, { id: { $in: ids } }) : [];
      if (accounts.length !== ids.length) throw new NotFoundError('Account');
      const user = await insertUser(em, input, operator.userId, accounts);
      recordActivity(em, ctx, {
        action: 'user.created',
        subject: userSubject(user),
        changes: { role: user.role, accountIds: ids },
      });
      return toUserView(user);
    });
  }

  /**
   * Someone who left: no sign-in from now on, and every token and UI session of theirs ends at once. Their
   * name stays on what they did (an order's history). Admins deactivate anyone but themselves; a reseller
   * the merchants it created. Deactivating twice changes nothing.
   */
  async deactivate({ ctx, userId }: UserGrant): Promise<UserView> {
    return ctx.em.transactional(async (em) => {
      const user = await loadUser(em, userId);
      if (user.id === operatorOf(ctx).userId)
        throw ValidationError.field('id', 'is the signed-in operator: another operator deactivates this user');
      if (!user.deactivatedAt) recordActivity(em, ctx, { action: 'user.deactivated', subject: userSubject(user) });
      user.deactivatedAt ??= new Date();
      await em.flush();
      await endSessionsOf(em, user.id);
      return toUserView(user);
    });
  }

  /** Lets a deactivated user sign in again (with the password they had; their old sessions stay ended). */
  async reactivate({ ctx, userId }: UserGrant): Promise<UserView> {
    return ctx.em.transactional(async (em) => {
      const user = await loadUser(em, userId);
      if (user.deactivatedAt) recordActivity(em, ctx, { action: 'user.reactivated', subject: userSubject(user) });
      user.deactivatedAt = null;
      await em.flush();
      return toUserView(user);
    });
  }

  /**
   * Changes what is given: the accounts a merchant works in (setAccounts) and the username (null removes it).
   * One of them is required.
   */
  async update({ ctx, userId }: UserGrant, input: UpdateUserInput): Promise<UserView> {
    return ctx.em.transactional(async (em) => {
      const user = await loadUser(em, userId);
      const given = input ?? {};
      if (given.accountIds === undefined && given.username === undefined)
        throw ValidationError.field('/accountIds', 'is required, or a username: what to change');
      if (given.username !== undefined) {
        const username = checkedUsername(given.username);
        if (username !== user.username)
          recordActivity(em, ctx, {
            action: 'user.usernameChanged',
            subject: userSubject(user),
            changes: { username: { from: user.username, to: username } },
          });
        user.username = username;
      }
      if (given.accountIds !== undefined) await this.setAccounts(ctx, em, user, given);
      await flushUser(em, user);
      return toUserView(user);
    });
  }

  /**
   * The accounts a merchant works in from now on: its tokens, UI sessions and open live boards reach exactly
   * these from their next request or event (reach is read per request, src/auth/reach.ts). A reseller changes
   * only its own accounts in the list; a membership an admin gave in an account the reseller does not reach
   * stays as it is. A reseller's merchant keeps at least one of the reseller's accounts.
   */
  private async setAccounts(ctx: RequestContext, em: EntityManager, user: User, input: UpdateUserInput): Promise<void> {
    const ids = checkedAccountIds(input);
    if (user.role !== 'merchant')
      throw ValidationError.field(
        '/accountIds',
        `only merchants belong to accounts; this user is ${user.role === 'admin' ? 'an admin' : 'a reseller'}`,
      );
    ids.forEach((id) => assertAccountReachable(ctx, id));
    const accounts = ids.length ? await em.find(Account, { id: { $in: ids } }) : [];
    if (accounts.length !== ids.length) throw new NotFoundError('Account');
    if (!isAdminItself(ctx) && accounts.length === 0)
      throw ValidationError.field('/accountIds', "a reseller's merchant belongs to at least one of its accounts");
    const keptOutOfReach = user.accounts.getItems().filter((account) => !reachesAccount(ctx.reach, account.id));
    const before = user.accounts.getItems().map((account) => account.id);
    user.accounts.set([...keptOutOfReach, ...accounts]);
    const after = user.accounts.getItems().map((account) => account.id);
    if (before.sort().join() !== [...after].sort().join())
      recordActivity(em, ctx, {
        action: 'user.accountsChanged',
        subject: userSubject(user),
        changes: { accountIds: { from: before, to: after } },
      });
  }

  async findAll({ ctx }: Grant, input: ListInput): Promise<Page<UserView>> {
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = managedWhere(managedUsers(ctx));
    return findPage(ctx.em, User, where, page, toUserView, { populate: ['accounts'] });
  }
}

/** The granted user, with its accounts, in the transaction (404 when it is gone). */
async function loadUser(em: EntityManager, userId: string): Promise<User> {
  const user = await em.findOne(User, { id: userId }, { populate: ['accounts'] });
  if (!user) throw new NotFoundError('User');
  return user;
}

function userSubject(user: Pick<User, 'id' | 'email'>) {
  return { type: 'user', id: user.id, name: user.email };
}
