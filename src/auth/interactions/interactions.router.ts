import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { SecretBox } from '../../common/crypto.js';
import type { User } from '../../modules/users/index.js';
import {
  ConsentRefusedError,
  type ConsentNotGranted,
  type ConsentOffer,
  type ConsentRefusal,
  type ConsentRequest,
  type ConsentService,
} from '../consent.service.js';
import { LoginThrottledError, type LoginAttempts } from '../login-attempts.js';
import { LOCATION_CONTEXT_KEY } from './location-context.js';
import { consentPage, errorPage, loginPage } from './views.js';
import { sendPage } from './page-response.js';
import { isUnsafeText } from '../../common/unsafe-text.js';

// Our login and consent pages for the authorization code flow, under /oauth2/interaction/:uid. They only
// show and ask: which scopes and locations a user may give is the ConsentService's. CSRF: the interaction is
// bound to a signed, SameSite=Lax cookie set by the provider, and every form carries a token derived from the
// interaction uid with a server key (a cross-site page can neither read nor forge it).

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

class InteractionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const send = sendPage;

/** The consent service's refusals, in words for the page. */
const REFUSALS: Record<ConsentRefusal, string> = {
  unknown_application: 'The application is unknown.',
  not_signed_in: 'You are not signed in. Start again from the application.',
};

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
      throw new InteractionError(
        400,
        'This sign-in request has expired or was opened in another browser. Start again from the application.',
      );
    });
    if (details.uid !== req.params.uid)
      throw new InteractionError(
        400,
        'This sign-in request does not belong to this browser. Start again from the application.',
      );
    if (req.method === 'POST' && !csrfValid(details.uid, (req.body as Record<string, unknown> | undefined)?.csrf)) {
      throw new InteractionError(403, 'The form could not be verified. Reload the page and try again.');
    }
    if (prompt && details.prompt.name !== prompt)
      throw new InteractionError(
        400,
        'This step does not match the sign-in request. Start again from the application.',
      );
    return details;
  }

  /** What the interaction asks the consent service about: the client, the signed-in user, the scope asked. */
  function consentRequest(details: Interaction): ConsentRequest {
    return {
      clientId: String(details.params.client_id),
      userId: details.session?.accountId,
      scope: details.params.scope as string | undefined,
    };
  }

  /** The service's answer, its refusals turned into an error page. */
  async function refusedAsPage<T>(answer: Promise<T>): Promise<T> {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof ConsentRefusedError) throw new InteractionError(400, REFUSALS[error.reason]);
      throw error;
    }
  }

  function applicationName(details: Interaction): Promise<string> {
    return refusedAsPage(consent.applicationName(String(details.params.client_id)));
  }

  function renderConsent(res: Response, details: Interaction, offer: ConsentOffer, status = 200, error?: string): void {
    send(
      res,
      status,
      consentPage({
        uid: details.uid,
        csrf: csrfFor(details.uid),
        clientName: offer.application.name,
        email: offer.user.email,
        scopes: offer.scopes,
        choices: offer.choices,
        selected: details.params.location_id as string | undefined,
        error,
      }),
    );
  }

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

  router.post('/:uid/login', async (req, res) => {
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
  });

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
