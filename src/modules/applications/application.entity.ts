import { Entity, Enum, Property, Unique } from '@mikro-orm/core';
import type { ApplicationKind } from '../../common/principal.js';
import { BaseEntity } from '../../db/base.entity.js';

export const APPLICATION_KINDS: readonly ApplicationKind[] = ['POS', 'MARKETPLACE'];

/**
 * A registered OAuth client (docs/contract.md "Operations"): a partner application of kind POS or MARKETPLACE, or, with
 * no kind, one of the hub's own first-party clients (the web UI's, the bootstrap client). oidc-provider reads
 * clients from this table through the adapter's Client model (auth/adapter.ts).
 */
@Entity({ tableName: 'applications' })
@Unique({ properties: ['clientId'] })
export class Application extends BaseEntity<
  | 'firstParty'
  | 'createdByUserId'
  | 'catalogPullUrl'
  | 'menuPublicationUrl'
  | 'storeStatusUrl'
  | 'webhookUrl'
  | 'webhookSecretSealed'
  | 'sandbox'
> {
  /** null for the hub's own first-party clients, which are not partners and never connect to a location. */
  @Enum({ items: () => APPLICATION_KINDS, nullable: true })
  kind: ApplicationKind | null;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text' })
  clientId: string;

  /** SHA-256 (hex) of the client secret; the secret itself is shown once, on creation and rotation. */
  @Property({ type: 'text', hidden: true })
  clientSecretHash: string;

  /** The Standard Webhooks signing secret, sealed with the hub's key (the delivery engine reads it back). */
  @Property({ type: 'text', nullable: true, hidden: true })
  webhookSecretSealed: string | null = null;

  @Property({ type: 'json' })
  redirectUris: string[] = [];

  /** What the application may ask for; a grant without scope gets all of them. */
  @Property({ type: 'json' })
  scopes: string[] = [];

  @Property({ type: 'text', nullable: true })
  webhookUrl: string | null = null;

  /** POS: where the hub pulls the catalog from (docs/contract.md "Calls the hub makes"). */
  @Property({ type: 'text', nullable: true })
  catalogPullUrl: string | null = null;

  /** MARKETPLACE: where published menus go. */
  @Property({ type: 'text', nullable: true })
  menuPublicationUrl: string | null = null;

  /** MARKETPLACE: where store status changes go. */
  @Property({ type: 'text', nullable: true })
  storeStatusUrl: string | null = null;

  /** May use the password grant; set only by an admin. */
  @Property({ type: 'boolean' })
  firstParty: boolean = false;

  /**
   * One of the hub's built-in sandbox partners (src/modules/sandbox): made by the hub outside production, changed
   * by no one, and called on this process's own address, which no other application's URL may reach.
   */
  @Property({ type: 'boolean', default: false })
  sandbox: boolean = false;

  /** The user who registered it; non-admin users see and change only their own applications. */
  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  constructor(fields: { kind: ApplicationKind | null; name: string; clientId: string; clientSecretHash: string }) {
    super();
    this.kind = fields.kind;
    this.name = fields.name;
    this.clientId = fields.clientId;
    this.clientSecretHash = fields.clientSecretHash;
  }
}
