import type { Role } from '../../common/principal.js';
import type { User } from './user.entity.js';

export interface UserView {
  id: string;
  email: string;
  role: Role;
  accountIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** The user's accounts collection must be loaded. */
export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    accountIds: user.accounts.getItems().map((a) => a.id),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
