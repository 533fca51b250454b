import type { Shape } from '../../shapes/shape.js';
import type { Account } from './account.entity.js';

export type AccountView = Shape<'Account'>;

export function toAccountView(account: Account): AccountView {
  return {
    id: account.id,
    name: account.name,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
