import type { Role } from '../../common/principal.js';
import type { User } from './user.entity.js';

export interface UserView {
  id: string;
  email: string;
  /** Another name to sign in with; null when the user has none. */
  username: string | null;
  role: Role;
  accountIds: string[];
  /** When an operator deactivated the user; null while active. */
  deactivatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The user's accounts collection must be loaded. */
export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    accountIds: user.accounts.getItems().map((a) => a.id),
    deactivatedAt: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
