import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { SecretBox } from '../../common/crypto.js';
import { Application } from '../../modules/applications/application.entity.js';
import { Connection } from '../../modules/connections/connection.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { findClientApplication } from '../adapter.js';
import { LoginThrottledError, type LoginAttempts } from '../login-attempts.js';
import { userReach } from '../reach.js';
import { intersectScopes, parseScope, ROLE_SCOPES } from '../scopes.js';
import { LOCATION_CONTEXT_KEY, type LocationContext } from './location-context.js';
import { consentPage, errorPage, loginPage, type LocationChoice } from './views.js';
import { isUnsafeText } from '../../common/unsafe-text.js';

// Our login and consent pages for the authorization code flow, under /oauth2/interaction/:uid. CSRF: the
// interaction is bound to a signed, SameSite=Lax cookie set by the provider, and every form carries a token
// derived from the interaction uid with a server key (a cross-site page can neither read nor forge it).

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

class InteractionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

function send(res: Response, status: number, html: string): void {
  res.status(status).set(PAGE_HEADERS).type('html').send(html);
}

export interface InteractionDeps {
  provider: Provider;
  orm: MikroORM;
  box: SecretBox;
  /** Failed logins, shared with the password grant. */
  logins: LoginAttempts;
}

export function interactionsRouter({ provider, orm, box, logins }: InteractionDeps): Router {
  const csrfKey = box.derive('interaction-csrf');
  const csrfFor = (uid: string) => createHmac('sha256', csrfKey).update(uid).digest('base64url');
  const csrfValid = (uid: string, given: unknown) => {
    const expected = Buffer.from(csrfFor(uid));
    const actual = Buffer.from(typeof given === 'string' ? given : '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  /** The interaction named in the path, which must be the one this browser's cookie is bound to. */
  async function interactionOf(req: Request, res: Response, prompt?: string): Promise<Interaction> {
    const details = await provider.interactionDetails(req, res).catch(() => {
      throw new InteractionError(400, 'This sign-in request has expired or was opened in another browser. Start again from the application.');
    });
    if (details.uid !== req.params.uid) throw new InteractionError(400, 'This sign-in request does not belong to this browser. Start again from the application.');
    if (req.method === 'POST' && !csrfValid(details.uid, (req.body as Record<string, unknown> | undefined)?.csrf)) {
      throw new InteractionError(403, 'The form could not be verified. Reload the page and try again.');
    }
    if (prompt && details.prompt.name !== prompt) throw new InteractionError(400, 'This step does not match the sign-in request. Start again from the application.');
    return details;
  }

  async function applicationOf(details: Interaction): Promise<Application> {
    const application = await findClientApplication(orm.em.fork(), String(details.params.client_id));
    if (!application) throw new InteractionError(400, 'The application is unknown.');
    return application;
  }

  /** The scopes the user can give: asked (or all the application's), ∩ the application's, ∩ the user's role. */
  function grantable(details: Interaction, application: Application, user: User): string[] {
    const asked = parseScope(details.params.scope as string | undefined);
    return intersectScopes(asked.length ? asked : application.scopes, application.scopes, ROLE_SCOPES[user.role]);
  }

  /** Locations the user reaches where the application has an active connection. */
  async function choicesFor(user: User, application: Application): Promise<(LocationChoice & { connectionId: string })[]> {
    const em = orm.em.fork();
    const reach = await userReach(em, user.id, user.role);
    const connections = await em.find(Connection, { application, status: 'ACTIVE' }, { populate: ['location', 'location.account'], orderBy: { createdAt: 'asc' } });
    return connections
      .filter((c) => reach.all || reach.accountIds.has(c.accountId))
      .map((c) => ({ locationId: c.location.id, accountId: c.accountId, connectionId: c.id, label: `${c.location.name} (${c.location.account.name})` }));
  }

  async function consentUser(details: Interaction): Promise<User> {
    const accountId = details.session?.accountId;
    const user = accountId ? await orm.em.fork().findOne(User, { id: accountId }) : null;
    if (!user) throw new InteractionError(400, 'You are not signed in. Start again from the application.');
    return user;
  }

  async function renderConsent(res: Response, details: Interaction, status = 200, error?: string): Promise<void> {
    const [application, user] = await Promise.all([applicationOf(details), consentUser(details)]);
    const choices = await choicesFor(user, application);
    send(res, status, consentPage({
      uid: details.uid,
      csrf: csrfFor(details.uid),
      clientName: application.name,
      email: user.email,
      scopes: grantable(details, application, user),
      choices,
      selected: details.params.location_id as string | undefined,
      error,
    }));
  }

  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));

  router.get('/:uid', async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name === 'login') {
      const application = await applicationOf(details);
      return send(res, 200, loginPage({ uid: details.uid, csrf: csrfFor(details.uid), clientName: application.name }));
    }
    return renderConsent(res, details);
  });

  router.post('/:uid/login', async (req, res) => {
    const details = await interactionOf(req, res, 'login');
    const { email, password } = req.body as { email?: string; password?: string };
    const refuse = async (status: number, error: string) => {
      const application = await applicationOf(details);
      return send(res, status, loginPage({ uid: details.uid, csrf: csrfFor(details.uid), clientName: application.name, email, error }));
    };
    if ([email, password].some((field) => typeof field === 'string' && isUnsafeText(field))) return refuse(400, 'The e-mail or password contains characters that cannot be used.');
    let user: User | null;
    try {
      user = await logins.verify(orm, email, password, req.ip ?? req.socket.remoteAddress ?? '');
    } catch (error) {
      if (!(error instanceof LoginThrottledError)) throw error;
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return refuse(429, `Too many failed attempts for this account from here. Try again in ${error.retryAfterSeconds} seconds.`);
    }
    if (!user) return refuse(401, 'Wrong e-mail or password.');
    await provider.interactionFinished(req, res, { login: { accountId: user.id, remember: false } }, { mergeWithLastSubmission: false });
  });

  router.post('/:uid/confirm', async (req, res) => {
    const details = await interactionOf(req, res, 'consent');
    const [application, user] = await Promise.all([applicationOf(details), consentUser(details)]);
    const choice = (await choicesFor(user, application)).find((c) => c.locationId === (req.body as { location_id?: string }).location_id);
    if (!choice) return renderConsent(res, details, 400, 'Choose one of the locations the application is connected to.');
    const scopes = grantable(details, application, user);
    if (scopes.length === 0) return renderConsent(res, details, 400, 'You cannot give this application any of the permissions it asks for.');

    const grant = new provider.Grant({ accountId: user.id, clientId: application.clientId });
    grant.addOIDCScope(scopes.join(' '));
    const grantId = await grant.save();
    const context: LocationContext = { accountId: choice.accountId, locationId: choice.locationId, connectionId: choice.connectionId, applicationId: application.id };
    // The granted scopes become the request's scope, so the code (and its tokens) carry exactly them, also when
    // the application asked for none.
    details.params.scope = scopes.join(' ');
    details.result = { ...details.lastSubmission, consent: { grantId }, [LOCATION_CONTEXT_KEY]: context };
    await details.save(details.exp - Math.floor(Date.now() / 1000));
    res.redirect(303, details.returnTo);
  });

  router.post('/:uid/abort', async (req, res) => {
    await interactionOf(req, res);
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the user denied the request' }, { mergeWithLastSubmission: false });
  });

  router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof InteractionError) return send(res, err.status, errorPage(err.message));
    res.locals.log?.error({ err }, 'interaction failed');
    return send(res, 500, errorPage('An unexpected error occurred.'));
  });
  return router;
}
