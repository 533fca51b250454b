import type { Account } from './account.entity.js';

export interface AccountView {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export function toAccountView(account: Account): AccountView {
  return {
    id: account.id,
    name: account.name,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}
