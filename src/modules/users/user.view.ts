import type { Shape } from '../../shapes/shape.js';
import type { User } from './user.entity.js';

export type UserView = Shape<'User'>;

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
