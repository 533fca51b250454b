import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A signed-in browser of the web UI (backend-for-frontend, docs/contract.md "Web UI"). The browser holds only a
 * random cookie; this row holds its SHA-256 (so a read of the table gives no usable cookie) and the OAuth
 * tokens sealed with ENCRYPTION_KEY, like the other secrets the hub must read back.
 */
@Entity({ tableName: 'ui_sessions' })
@Index({ properties: ['userId'] })
@Index({ properties: ['absoluteExpiresAt'] })
export class UiSession {
  /** SHA-256 (hex) of the cookie's value. */
  @PrimaryKey({ type: 'text' })
  id: string;

  @Property({ type: 'uuid' })
  userId: string;

  @Property({ type: 'text' })
  accessTokenSealed: string;

  @Property({ type: 'text' })
  refreshTokenSealed: string;

  @Property({ type: 'timestamptz' })
  accessExpiresAt: Date;

  /** Moves forward on use (UI_SESSION_IDLE_SECONDS). */
  @Property({ type: 'timestamptz' })
  idleExpiresAt: Date;

  /** Fixed at sign-in (UI_SESSION_ABSOLUTE_SECONDS). */
  @Property({ type: 'timestamptz' })
  absoluteExpiresAt: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Bumped by every claim of a refresh and every refresh: a claim is for the version its claimer read. */
  @Property({ type: 'integer', default: 0 })
  version: number = 0;

  /** While one process refreshes the tokens: its claim's end (a lease, so a crashed process does not keep it). */
  @Property({ type: 'timestamptz', nullable: true })
  refreshClaimedUntil?: Date;
}
