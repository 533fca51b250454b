import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A POST made with an Idempotency-Key (docs/contract.md "Conventions"), scoped to its caller. While the first request
 * runs the row is IN_FLIGHT; afterwards it holds the response to replay for 24 hours.
 */
@Entity({ tableName: 'idempotency_keys' })
@Index({ properties: ['createdAt'] })
export class IdempotencyKey {
  @PrimaryKey({ type: 'text' })
  caller: string;

  @PrimaryKey({ type: 'text' })
  key: string;

  /** sha256 of method, path and body: the same key with another request is refused. */
  @Property({ type: 'text' })
  requestHash: string;

  @Property({ type: 'text' })
  state: 'IN_FLIGHT' | 'DONE';

  @Property({ type: 'integer', nullable: true })
  responseStatus: number | null;

  @Property({ type: 'text', nullable: true })
  responseContentType: string | null;

  @Property({ type: 'text', nullable: true })
  responseBody: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date;
}
