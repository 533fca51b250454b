import { Collection, Entity, Enum, ManyToMany, Property, Unique } from '@mikro-orm/core';
import type { Role } from '../../common/principal.js';
import { BaseEntity } from '../../db/base.entity.js';
import { Account } from '../accounts/index.js';

export const ROLES: readonly Role[] = ['admin', 'reseller', 'merchant'];

/**
 * An operator user (docs/contract.md "Principals, scopes and tokens"). Signs in with the password grant through a
 * first-party client, or authorises a partner application on the login and consent pages, by e-mail address or
 * username. Both are kept lower-case, so each is unique whatever case it was typed in.
 */
@Entity({ tableName: 'users' })
@Unique({ properties: ['email'] })
@Unique({ properties: ['username'] })
export class User extends BaseEntity<'createdByUserId' | 'accounts' | 'deactivatedAt' | 'username'> {
  @Property({ type: 'text' })
  email: string;

  /** Another name to sign in with (never an e-mail address: it has no @); null when the user has none. */
  @Property({ type: 'text', nullable: true })
  username: string | null = null;

  /** scrypt, with its parameters (common/crypto.ts). */
  @Property({ type: 'text', hidden: true })
  passwordHash: string;

  @Enum({ items: () => ROLES })
  role: Role;

  /** Who created this user; a reseller lists the merchants it created. */
  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  /** Set when an operator deactivated the user: no sign-in, no tokens (UserService.deactivate). */
  @Property({ type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null = null;

  /** The accounts a merchant is a member of (what it reaches). */
  @ManyToMany({
    entity: () => Account,
    pivotTable: 'user_accounts',
    joinColumn: 'user_id',
    inverseJoinColumn: 'account_id',
  })
  accounts = new Collection<Account>(this);

  constructor(email: string, passwordHash: string, role: Role, createdByUserId: string | null) {
    super();
    this.email = email.toLowerCase();
    this.passwordHash = passwordHash;
    this.role = role;
    this.createdByUserId = createdByUserId;
  }
}
