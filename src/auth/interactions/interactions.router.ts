import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { SecretBox } from '../../common/crypto.js';
import type { User } from '../../modules/users/index.js';
import type { ConsentNotGranted, ConsentService } from '../consent.service.js';
import { LoginThrottledError, type LoginAttempts } from '../login-attempts.js';
import { LOCATION_CONTEXT_KEY } from './location-context.js';
import { errorPage, loginPage } from './views.js';
import { sendPage } from './page-response.js';
import { isUnsafeText } from '../../common/unsafe-text.js';
import { InteractionError, interactionSteps, type InteractionSteps } from './interaction-steps.js';

// Our login and consent pages for the authorization code flow, under /oauth2/interaction/:uid. They only
// show and ask: which scopes and locations a user may give is the ConsentService's. CSRF: the interaction is
// bound to a signed, SameSite=Lax cookie set by the provider, and every form carries a token derived from the
// interaction uid with a server key (a cross-site page can neither read nor forge it; interaction-steps.ts).

const send = sendPage;

/** Why an answer on the consent page was not granted, in words shown above the form again. */
const NOT_GRANTED: Record<ConsentNotGranted, string> = {
  location_not_offered: 'Choose one of the locations the application is connected to.',
  no_scope: 'You cannot give this application any of the permissions it asks for.',
};

export interface InteractionDeps {
  provider: Provider;
  orm: MikroORM;
  /** Which scopes and locations a user may give (the rules of this flow). */
  consent: ConsentService;
  box: SecretBox;
  /** Failed logins, shared with the password grant. */
  logins: LoginAttempts;
}

export function interactionsRouter({ provider, orm, consent, box, logins }: InteractionDeps): Router {
  const steps = interactionSteps({ provider, consent, box });
  const { csrfFor, interactionOf, consentRequest, refusedAsPage, applicationName, renderConsent } = steps;
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));

  router.get('/:uid', async (req, res) => {
    const details = await interactionOf(req, res);
    if (details.prompt.name === 'login') {
      return send(
        res,
        200,
        loginPage({ uid: details.uid, csrf: csrfFor(details.uid), clientName: await applicationName(details) }),
      );
    }
    return renderConsent(res, details, await refusedAsPage(consent.offer(consentRequest(details))));
  });

  router.post('/:uid/login', signIn(steps, { provider, orm, logins }));

  router.post('/:uid/confirm', async (req, res) => {
    const details = await interactionOf(req, res, 'consent');
    const decision = await refusedAsPage(
      consent.decide(consentRequest(details), (req.body as { location_id?: string }).location_id),
    );
    if (!decision.granted) return renderConsent(res, details, decision.offer, 400, NOT_GRANTED[decision.reason]);
    const scopes = decision.scopes.join(' ');
    const grant = new provider.Grant({ accountId: decision.userId, clientId: decision.clientId });
    grant.addOIDCScope(scopes);
    const grantId = await grant.save();
    // The granted scopes become the request's scope, so the code (and its tokens) carry exactly them, also when
    // the application asked for none.
    details.params.scope = scopes;
    details.result = { ...details.lastSubmission, consent: { grantId }, [LOCATION_CONTEXT_KEY]: decision.location };
    await details.save(details.exp - Math.floor(Date.now() / 1000));
    res.redirect(303, details.returnTo);
  });

  router.post('/:uid/abort', async (req, res) => {
    await interactionOf(req, res);
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'the user denied the request' },
      { mergeWithLastSubmission: false },
    );
  });

  router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof InteractionError) return send(res, err.status, errorPage(err.message));
    res.locals.log?.error({ err }, 'interaction failed');
    return send(res, 500, errorPage('An unexpected error occurred.'));
  });
  return router;
}

/** POST /:uid/login: the e-mail (or username) and password, checked against the failed-login limits. */
function signIn(
  { csrfFor, interactionOf, applicationName }: InteractionSteps,
  { provider, orm, logins }: Pick<InteractionDeps, 'provider' | 'orm' | 'logins'>,
) {
  return async (req: Request, res: Response): Promise<void> => {
    const details = await interactionOf(req, res, 'login');
    const { email, password } = req.body as { email?: string; password?: string };
    const refuse = async (status: number, error: string) =>
      send(
        res,
        status,
        loginPage({
          uid: details.uid,
          csrf: csrfFor(details.uid),
          clientName: await applicationName(details),
          email,
          error,
        }),
      );
    if ([email, password].some((field) => typeof field === 'string' && isUnsafeText(field)))
      return refuse(400, 'The e-mail, username or password contains characters that cannot be used.');
    let user: User | null;
    try {
      user = await logins.verify(orm, email, password, req.ip ?? req.socket.remoteAddress ?? '');
    } catch (error) {
      if (!(error instanceof LoginThrottledError)) throw error;
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return refuse(
        429,
        `Too many failed attempts for this account from here. Try again in ${error.retryAfterSeconds} seconds.`,
      );
    }
    if (!user) return refuse(401, 'Wrong e-mail, username or password.');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.id, remember: false } },
      { mergeWithLastSubmission: false },
    );
  };
}
