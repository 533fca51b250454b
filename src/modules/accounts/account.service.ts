import type { AccountGrant, Grant } from '../../auth/authorize.js';
import { userBehind } from '../../common/principal.js';
import { ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type ListInput, type Page } from '../../common/pagination.js';
import { containing, searchText } from '../../common/like.js';
import { Account } from './account.entity.js';
import { loadAccount } from './account-access.js';
import { toAccountView, type AccountView } from './account.view.js';
import { recordActivity } from '../activity/index.js';

export interface CreateAccountInput {
  name: string;
}

export interface AccountListInput extends ListInput {
  /** Only accounts whose name contains this text, in any case. */
  search?: string | null;
}

/** The longest account name (openapi.yaml CreateAccount says the same). */
const MAX_NAME = 255;

export class AccountService {
  async create({ ctx }: Grant, input: CreateAccountInput): Promise<AccountView> {
    const name = checkedName(input);
    // The user who made it (an operator, or the user an application acts for) is who a reseller's reach counts.
    const createdBy = userBehind(ctx.principal)?.userId ?? null;
    const account = new Account(name, createdBy);
    ctx.em.persist(account);
    recordActivity(ctx.em, ctx, {
      action: 'account.created',
      accountId: account.id,
      subject: { type: 'account', id: account.id, name },
    });
    await ctx.em.flush();
    return toAccountView(account);
  }

  /**
   * A new name (a typo at onboarding, a restaurant group renamed), by those who provision: admins, and the
   * reseller that created the account. A merchant of it may read it but not rename it (403); anyone else
   * finds no such account (404, reach before scope).
   */
  async rename(access: AccountGrant, input: CreateAccountInput): Promise<AccountView> {
    const { ctx, accountId } = access;
    const name = checkedName(input);
    const account = await loadAccount(access);
    if (account.name !== name)
      recordActivity(ctx.em, ctx, {
        action: 'account.renamed',
        accountId,
        subject: { type: 'account', id: accountId, name },
        changes: { name: { from: account.name, to: name } },
      });
    account.name = name;
    await access.ctx.em.flush();
    return toAccountView(account);
  }

  async findOne(access: AccountGrant): Promise<AccountView> {
    return toAccountView(await loadAccount(access));
  }

  async findAll({ ctx }: Grant, input: AccountListInput): Promise<Page<AccountView>> {
    const page = pageRequest(input.limit, input.nextPageKey);
    const search = searchText(input.search);
    const where = {
      ...(ctx.reach.all ? {} : { id: { $in: [...ctx.reach.accountIds] } }),
      // A scan of the accounts the caller reaches (no index serves "contains"): fine for the thousands of
      // accounts a hub holds; pg_trgm would be the step if that ever grows by orders of magnitude.
      ...(search ? { name: { $ilike: containing(search) } } : {}),
    };
    return findPage(ctx.em, Account, where, page, toAccountView);
  }
}

/** An account's name: required, not blank (REST's schema also bounds it; GraphQL arrives here unchecked). */
function checkedName(input: CreateAccountInput): string {
  if (typeof input?.name !== 'string' || input.name.trim().length < 1)
    throw ValidationError.field('/name', 'is required and must not be empty');
  if (input.name.length > MAX_NAME) throw ValidationError.field('/name', `must be at most ${MAX_NAME} characters`);
  return input.name;
}
