import type { ApplicationGrant, Grant } from '../../auth/authorize.js';
import { isAdminItself } from '../../auth/record-reach.js';
import { secretBox, sha256Hex } from '../../common/crypto.js';
import { ConflictError, NotFoundError, ValidationError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { Application } from './application.entity.js';
import { loadApplication, managedApplicationsWhere } from './application-access.js';
import { newClientId, newClientSecret, newWebhookSecret } from './application-secrets.js';
import { canonicalKind, checkApplicationFields, defaultScopes, type ApplicationFields } from './application.rules.js';
import type { PartnerAddressCheck } from './partner-addresses.js';
import { revokeTokensBeyond, scopeGrantProblems } from '../../auth/scope-grants.js';
import { toApplicationView, type ApplicationView, type ApplicationWithSecrets } from './application.view.js';
import { changesBetween, recordActivity } from '../activity/index.js';

export interface CreateApplicationInput extends ApplicationFields {
  /** POS or MARKETPLACE, in any case. */
  kind: string;
  name: string;
}

export type UpdateApplicationInput = Omit<ApplicationFields, 'kind'>;

/**
 * docs/contract.md "Principals, scopes and tokens": only an admin gives provisioning and applications.*; an application
 * never widens its own scopes.
 */
function checkScopeGrant(
  ctx: RequestContext,
  current: readonly string[],
  requested: readonly string[] | null | undefined,
  application: Application | null,
): void {
  if (requested == null) return;
  const self =
    application !== null &&
    (ctx.principal.type === 'application'
      ? ctx.principal.applicationId === application.id
      : ctx.principal.clientId === application.clientId);
  const problems = scopeGrantProblems({
    current,
    requested,
    callerIsAdmin: isAdminItself(ctx),
    callerIsTheApplication: self,
  });
  if (problems.length > 0)
    throw new ValidationError(problems.map((e) => `${e.path}: ${e.message}`).join('; '), problems);
}

/** The URLs the hub calls: redirect URIs are the browser's to follow, not the hub's. */
function partnerUrls(input: ApplicationFields): Record<string, string | null | undefined> {
  return {
    webhookUrl: input.webhookUrl,
    catalogPullUrl: input.catalogPullUrl,
    menuPublicationUrl: input.menuPublicationUrl,
    storeStatusUrl: input.storeStatusUrl,
  };
}

/** The sandbox partners are the hub's own: configuration, not an operator, says what they are. */
function refuseSandbox(application: Application): void {
  if (application.sandbox)
    throw new ConflictError("The sandbox applications are the hub's own: they are connected, never changed");
}

export class ApplicationService {
  constructor(private readonly options: { production: boolean; partnerAddresses: PartnerAddressCheck }) {}

  /** The granted application (404 when it is gone, or a sandbox partner in production). */
  private load(access: ApplicationGrant): Promise<Application> {
    return loadApplication(access, this.options.production);
  }

  private checkFirstParty(ctx: RequestContext, firstParty: boolean | null | undefined): void {
    if (firstParty != null && !isAdminItself(ctx))
      throw ValidationError.field('/firstParty', 'only an admin can flag an application first-party');
  }

  async create({ ctx }: Grant, input: CreateApplicationInput): Promise<ApplicationWithSecrets> {
    // Only operators are granted a registration (application.operations.ts).
    if (ctx.principal.type !== 'user') throw new Error('an application registration granted to an application');
    const kind = canonicalKind(input.kind, '/kind');
    checkApplicationFields(input, kind, this.options.production, true);
    this.checkFirstParty(ctx, input.firstParty);
    checkScopeGrant(ctx, [], input.scopes, null);
    await this.options.partnerAddresses.check(partnerUrls(input));

    const clientSecret = newClientSecret();
    const webhookSecret = newWebhookSecret();
    const application = new Application({
      kind,
      name: input.name,
      clientId: newClientId(),
      clientSecretHash: sha256Hex(clientSecret),
    });
    application.webhookSecretSealed = secretBox().seal(webhookSecret);
    application.redirectUris = input.redirectUris ?? [];
    application.scopes = input.scopes ? [...new Set(input.scopes)] : defaultScopes(kind);
    application.webhookUrl = input.webhookUrl ?? null;
    application.catalogPullUrl = input.catalogPullUrl ?? null;
    application.menuPublicationUrl = input.menuPublicationUrl ?? null;
    application.storeStatusUrl = input.storeStatusUrl ?? null;
    application.firstParty = input.firstParty ?? false;
    application.createdByUserId = ctx.principal.userId;
    ctx.em.persist(application);
    recordActivity(ctx.em, ctx, {
      action: 'application.created',
      subject: applicationSubject(application),
      changes: { kind: application.kind, ...auditedSettings(toApplicationView(application)) },
    });
    await ctx.em.flush();
    return { ...toApplicationView(application), clientSecret, webhookSecret };
  }

  async findOne(access: ApplicationGrant): Promise<ApplicationView> {
    return toApplicationView(await this.load(access));
  }

  async findAll({ ctx }: Grant, input: ListInput & { kind?: string | null }): Promise<Page<ApplicationView>> {
    const page = pageRequest(input.limit, input.nextPageKey);
    const managed = managedApplicationsWhere(ctx, this.options.production);
    const where = input.kind != null ? { $and: [managed, { kind: canonicalKind(input.kind, 'kind') }] } : managed;
    return findPage(ctx.em, Application, where, page, toApplicationView);
  }

  /** Omitted fields stay; null clears an optional URL; an array replaces redirectUris or scopes. */
  async update(access: ApplicationGrant, input: UpdateApplicationInput): Promise<ApplicationView> {
    const { ctx } = access;
    this.checkFirstParty(ctx, input.firstParty);
    const application = await this.load(access);
    if (!application.kind) throw new NotFoundError('Application'); // the hub's own clients are managed by configuration
    refuseSandbox(application);
    checkApplicationFields(input, application.kind, this.options.production, false);
    checkScopeGrant(ctx, application.scopes, input.scopes, application);
    await this.options.partnerAddresses.check(partnerUrls(input));
    const narrowedScopes = input.scopes != null && application.scopes.some((scope) => !input.scopes!.includes(scope));
    const before = toApplicationView(application);
    if (input.name != null) application.name = input.name;
    if (input.redirectUris != null) application.redirectUris = [...new Set(input.redirectUris)];
    if (input.scopes != null) application.scopes = [...new Set(input.scopes)];
    for (const key of ['webhookUrl', 'catalogPullUrl', 'menuPublicationUrl', 'storeStatusUrl'] as const) {
      if (input[key] !== undefined) application[key] = input[key];
    }
    if (input.firstParty != null) application.firstParty = input.firstParty;
    application.updatedAt = new Date();
    const changes = changesBetween(before, toApplicationView(application), AUDITED_FIELDS);
    await ctx.em.transactional(async (em) => {
      if (changes)
        recordActivity(em, ctx, { action: 'application.updated', subject: applicationSubject(application), changes });
      await em.flush();
      if (narrowedScopes) await revokeTokensBeyond(em, application.clientId, application.scopes);
    });
    return toApplicationView(application);
  }

  /**
   * New client secret and webhook secret, shown once. The old client secret stops working at once; tokens
   * already issued live out their lifetime.
   */
  async rotateSecrets(access: ApplicationGrant): Promise<ApplicationWithSecrets> {
    const { ctx } = access;
    const application = await this.load(access);
    if (!application.kind) throw new NotFoundError('Application');
    refuseSandbox(application);
    const clientSecret = newClientSecret();
    const webhookSecret = newWebhookSecret();
    application.clientSecretHash = sha256Hex(clientSecret);
    application.webhookSecretSealed = secretBox().seal(webhookSecret);
    application.updatedAt = new Date();
    recordActivity(ctx.em, ctx, {
      action: 'application.secretsRotated',
      subject: applicationSubject(application),
      changes: { clientSecret: true, webhookSecret: true },
    });
    await ctx.em.flush();
    return { ...toApplicationView(application), clientSecret, webhookSecret };
  }
}

/** What the activity log records of an application's settings (its secrets never). */
const AUDITED_FIELDS = [
  'name',
  'redirectUris',
  'scopes',
  'webhookUrl',
  'catalogPullUrl',
  'menuPublicationUrl',
  'storeStatusUrl',
  'firstParty',
] as const;

function auditedSettings(view: ApplicationView): Partial<ApplicationView> {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, view[field]]));
}

function applicationSubject(application: Application) {
  return { type: 'application', id: application.id, name: application.name };
}
