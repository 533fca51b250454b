import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { reachesAccount } from '../common/access.js';
import type { Scope } from '../common/principal.js';
import { Connection } from '../modules/connections/index.js';
import { User } from '../modules/users/index.js';
import { findClientApplication } from './adapter.js';
import type { LocationContext } from './interactions/location-context.js';
import { userReach } from './reach.js';
import { parseScope } from './scopes.js';
import { scopesUserMayGive } from './scope-grants.js';

// What a signed-in user may give a partner application in the authorization code flow (docs/contract.md "Principals,
// scopes and tokens"): which scopes (scopesUserMayGive, the rule the password grant behind the web UI's sign-in applies
// too) and which of the user's locations, those the user reaches where the application has an active connection (the
// reach its tokens will have: userThroughApplicationReach). The login and consent pages only show and ask;
// every decision is here, each read through one EntityManager.

/** Why the consent page cannot go on; the pages say it in words. */
export type ConsentRefusal = 'unknown_application' | 'not_signed_in';

export class ConsentRefusedError extends Error {
  constructor(readonly reason: ConsentRefusal) {
    super(`consent refused: ${reason}`);
    this.name = 'ConsentRefusedError';
  }
}

/** What the interaction carries: the client that asks, the signed-in user (once there is one), the scope asked. */
export interface ConsentRequest {
  clientId: string;
  userId: string | undefined;
  scope: string | undefined;
}

/** A location the user may pick, through the application's connection to it. */
interface LocationChoice {
  locationId: string;
  accountId: string;
  connectionId: string;
  label: string;
}

/** What the consent page offers. */
export interface ConsentOffer {
  application: { id: string; name: string; clientId: string };
  user: { id: string; email: string };
  scopes: Scope[];
  /** In the order the connections were made. */
  choices: LocationChoice[];
}

/** Why an answer is not granted: the page offers the choice again. */
export type ConsentNotGranted = 'location_not_offered' | 'no_scope';

export type ConsentDecision =
  | { granted: true; userId: string; clientId: string; scopes: Scope[]; location: LocationContext }
  | { granted: false; reason: ConsentNotGranted; offer: ConsentOffer };

export class ConsentService {
  constructor(private readonly orm: MikroORM) {}

  /** The name of the application that asks, for the login page. */
  async applicationName(clientId: string): Promise<string> {
    const application = await findClientApplication(this.em(), clientId);
    if (!application) throw new ConsentRefusedError('unknown_application');
    return application.name;
  }

  /** The scopes and locations the signed-in user may give the application. */
  async offer(request: ConsentRequest): Promise<ConsentOffer> {
    const em = this.em();
    const application = await findClientApplication(em, request.clientId);
    if (!application) throw new ConsentRefusedError('unknown_application');
    const user = request.userId ? await em.findOne(User, { id: request.userId }) : null;
    if (!user) throw new ConsentRefusedError('not_signed_in');
    const reach = await userReach(em, user.id, user.role);
    const connections = await em.find(
      Connection,
      { application, status: 'ACTIVE' },
      { populate: ['location', 'location.account'], orderBy: { createdAt: 'asc' } },
    );
    return {
      application: { id: application.id, name: application.name, clientId: application.clientId },
      user: { id: user.id, email: user.email },
      scopes: scopesUserMayGive(parseScope(request.scope), application.scopes, user.role),
      choices: connections
        .filter((c) => reachesAccount(reach, c.accountId))
        .map((c) => ({
          locationId: c.location.id,
          accountId: c.accountId,
          connectionId: c.id,
          label: `${c.location.name} (${c.location.account.name})`,
        })),
    };
  }

  /** The user's answer: the location picked must be one offered, and at least one scope must be givable. */
  async decide(request: ConsentRequest, locationId: string | undefined): Promise<ConsentDecision> {
    const offer = await this.offer(request);
    const choice = offer.choices.find((c) => c.locationId === locationId);
    if (!choice) return { granted: false, reason: 'location_not_offered', offer };
    if (offer.scopes.length === 0) return { granted: false, reason: 'no_scope', offer };
    return {
      granted: true,
      userId: offer.user.id,
      clientId: offer.application.clientId,
      scopes: offer.scopes,
      location: {
        accountId: choice.accountId,
        locationId: choice.locationId,
        connectionId: choice.connectionId,
        applicationId: offer.application.id,
      },
    };
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
