import type { Request, Response } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { SecretBox } from '../../common/crypto.js';
import {
  ConsentRefusedError,
  type ConsentOffer,
  type ConsentRefusal,
  type ConsentRequest,
  type ConsentService,
} from '../consent.service.js';
import { consentPage } from './views.js';
import { sendPage } from './page-response.js';

// What every interaction page does before it answers: find the interaction this browser is in (and check its
// form's CSRF token), ask the consent service about it, and show the consent page. The pages themselves are
// interactions.router.ts.

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Shown as an error page with its status (the router's error handler). */
export class InteractionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The consent service's refusals, in words for the page. */
const REFUSALS: Record<ConsentRefusal, string> = {
  unknown_application: 'The application is unknown.',
  not_signed_in: 'You are not signed in. Start again from the application.',
};

export type InteractionSteps = ReturnType<typeof interactionSteps>;

export function interactionSteps({
  provider,
  consent,
  box,
}: {
  provider: Provider;
  consent: ConsentService;
  box: SecretBox;
}) {
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
    sendPage(
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

  return { csrfFor, interactionOf, consentRequest, refusedAsPage, applicationName, renderConsent };
}
