import { PartnerError, ValidationError } from '../../common/errors.js';
import { uuidv7 } from '../../common/ids.js';
import type { PartnerHttp } from '../../delivery-engine/partner-http.js';
import { Application, webhookSecretOf } from '../applications/index.js';
import { findVisibleConnection, withCredentials } from '../connections/index.js';
import type { LocationAccess } from '../locations/index.js';
import { MAX_IMPORT_BYTES, parseCatalogImport } from './catalog-import.rules.js';
import type { ImportResult } from './catalog-import.js';
import type { CatalogService } from './catalog.service.js';

export interface CatalogPullDeps {
  partnerHttp: PartnerHttp;
  catalog: CatalogService;
  /** CATALOG_PULL_TIMEOUT_MS: docs/contract.md "Calls the hub makes" says 15 s. */
  timeoutMs: number;
}

/** Existing POS clients answer with a bare CatalogImportEntity; some wrap it as {data: ...}. */
function unwrap(answer: unknown): unknown {
  if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
    const keys = Object.keys(answer);
    if (keys.length === 1 && keys[0] === 'data') return (answer as { data: unknown }).data;
  }
  return answer;
}

/**
 * docs/contract.md "Behaviours": the hub calls the POS application's catalog pull endpoint and applies the answer as a
 * catalog import (docs/contract.md "Calls the hub makes"). Synchronous: a partner that fails, hangs or answers
 * something that is not a valid CatalogImportEntity gives 502/504 and the catalog stays as it was.
 */
export class CatalogPullService {
  constructor(private readonly deps: CatalogPullDeps) {}

  async pull(access: LocationAccess, connectionId: string): Promise<ImportResult> {
    const { ctx, accountId, locationId } = access;
    // Another partner's connection is out of sight (404): one POS never pulls through another's credentials.
    const connection = withCredentials(await findVisibleConnection(access, connectionId));
    if (connection.kind !== 'POS')
      throw ValidationError.field(
        'connectionId',
        'is not a POS connection: only a POS application answers a catalog pull',
      );
    const application = await ctx.em.findOneOrFail(Application, { id: connection.applicationId });
    if (!application.catalogPullUrl)
      throw ValidationError.field('connectionId', 'the POS application has no catalogPullUrl');

    const url = new URL(application.catalogPullUrl);
    url.searchParams.set('accountId', accountId);
    url.searchParams.set('locationId', locationId);
    url.searchParams.set('connectionId', connection.id);
    // Credentials travel in the body only, never in the URL or a log line. The request is signed with the
    // POS's webhook secret, as its webhooks are, so the POS can tell the hub from anyone else who calls the URL.
    const started = Date.now();
    const answer = await this.deps.partnerHttp.postJson(
      url.toString(),
      { connection: { id: connection.id, credentials: connection.credentials ?? {} } },
      {
        timeoutMs: this.deps.timeoutMs,
        maxResponseBytes: MAX_IMPORT_BYTES,
        signed: { secret: webhookSecretOf(application), id: uuidv7() },
        sandbox: application.sandbox,
      },
    );
    const catalog = this.parseAnswer(unwrap(answer.body));
    let result: ImportResult;
    try {
      result = await this.deps.catalog.applyImport(access, catalog, {
        connectionId: connection.id,
        applicationName: application.name,
      });
    } catch (error) {
      throw this.blamePartner(error);
    }
    ctx.log.info(
      { connectionId, ms: Date.now() - started, products: result.products, modifiers: result.modifiers },
      'catalog pulled',
    );
    return result;
  }

  private parseAnswer(answer: unknown) {
    try {
      return parseCatalogImport(answer);
    } catch (error) {
      throw this.blamePartner(error);
    }
  }

  /** A catalog the POS sent that the import refuses is the partner's error (502), with the paths that failed. */
  private blamePartner(error: unknown): unknown {
    if (!(error instanceof ValidationError)) return error;
    return new PartnerError(
      `The POS answered with a catalog that is not a valid CatalogImportEntity: ${error.message}`,
      error.errors,
    );
  }
}
