import { Entity, Index, Property } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';

@Entity({ tableName: 'accounts' })
export class Account extends BaseEntity<'createdByUserId'> {
  @Property({ type: 'text' })
  name: string;

  /**
   * The user who created it: a reseller reaches the accounts it created (docs/contract.md "Principals, scopes and
   * tokens").
   */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  constructor(name: string, createdByUserId: string | null) {
    super();
    this.name = name;
    this.createdByUserId = createdByUserId;
  }
}
