import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * oidc-provider's storage (codes, tokens, grants, sessions, interactions), one row per (model, id). Declared
 * as an entity only so migrations know the table; the adapter (adapter.ts) reads and writes it in plain SQL.
 */
@Entity({ tableName: 'oidc_payloads' })
@Index({ properties: ['grantId'] })
@Index({ properties: ['uid'] })
@Index({ properties: ['expiresAt'] })
export class OidcPayload {
  @PrimaryKey({ type: 'text' })
  model: string;

  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Property({ type: 'text', nullable: true })
  grantId: string | null;

  @Property({ type: 'text', nullable: true })
  uid: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Set once, atomically (adapter.consume): codes and rotated refresh tokens are single-use. */
  @Property({ type: 'timestamptz', nullable: true })
  consumedAt: Date | null;
}
