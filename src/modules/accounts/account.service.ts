import { assertAccountReachable, requireScope } from '../../common/access.js';
import { ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type ListInput, type Page } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { Account } from './account.entity.js';
import { loadReachableAccount } from './account-access.js';
import { toAccountView, type AccountView } from './account.view.js';

export interface CreateAccountInput {
  name: string;
}

export class AccountService {
  async create(ctx: RequestContext, input: CreateAccountInput): Promise<AccountView> {
    requireScope(ctx, 'provisioning');
    if (typeof input.name !== 'string' || input.name.trim().length < 1) throw ValidationError.field('/name', 'is required and must not be empty');
    const createdBy = ctx.principal.type === 'user' ? ctx.principal.userId : null;
    const account = new Account(input.name, createdBy);
    await ctx.em.persist(account).flush();
    return toAccountView(account);
  }

  async findOne(ctx: RequestContext, accountId: string): Promise<AccountView> {
    assertAccountReachable(ctx, accountId);
    requireScope(ctx, 'locations.read');
    return toAccountView(await loadReachableAccount(ctx, accountId));
  }

  async findAll(ctx: RequestContext, input: ListInput): Promise<Page<AccountView>> {
    requireScope(ctx, 'locations.read');
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = ctx.reach.all ? {} : { id: { $in: [...ctx.reach.accountIds] } };
    return findPage(ctx.em, Account, where, page, toAccountView);
  }
}
