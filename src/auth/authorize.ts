import { canReachAccount, canReachLocation } from '../common/access.js';
import { InsufficientScopeError, NotFoundError } from '../common/errors.js';
import type { Principal } from '../common/principal.js';
import type { RequestContext } from '../common/request-context.js';
import { locationAccess, type LocationAccess } from '../modules/locations/index.js';
import {
  callerOf,
  holdsFurtherScope,
  holdsScope,
  type Caller,
  type OperationRule,
  type OwnRecords,
  type Target,
} from './operation.js';
import { isApplicationItself, managedApplications, managedUsers, manages, seesDelivery } from './record-reach.js';

// The one enforcement point of the declared operations (src/auth/operation.ts). The REST router and the
// GraphQL schema call it before any service method, with the ids the request names; it answers with the
// grant the service method takes, or throws:
// 1. 404 when the target is out of the caller's reach (never 403 there, so ids of other tenants cannot be
//    probed), before anything else;
// 2. 403 naming the scope when the token lacks it;
// 3. 403 when the caller's kind is not declared for the operation;
// 4. 403 naming a further scope that the caller's kind needs.
// Reach is read per request (src/auth/reach.ts), so a disconnect or a new membership counts at once.

/** For each kind of record, the application whose records alone the caller sees, or null: all of them. */
export type OwnedBy = Readonly<Record<OwnRecords, string | null>>;

/** The ids each kind of target is named by. */
export interface TargetIds {
  nothing: object;
  reachable: object;
  account: { accountId: string };
  location: { accountId: string; locationId: string };
  application: { applicationId: string };
  'application-itself': { applicationId: string };
  delivery: { deliveryId: string };
  user: { userId: string };
}

/** What a granted call may use: the caller, and for each kind of record the application whose records alone it sees. */
export interface Grant {
  readonly ctx: RequestContext;
  readonly ownedBy: OwnedBy;
}

export interface Grants {
  nothing: Grant;
  reachable: Grant;
  account: Grant & { readonly accountId: string };
  location: LocationAccess;
  application: Grant & { readonly applicationId: string };
  'application-itself': Grant & { readonly applicationId: string };
  delivery: Grant & { readonly deliveryId: string };
  user: Grant & { readonly userId: string };
}

/** Checks the declared operation for this caller and target (in the order above) and grants it. */
export async function authorize<T extends Target>(
  ctx: RequestContext,
  rule: OperationRule<T>,
  ids: TargetIds[T],
): Promise<Grants[T]> {
  const caller = callerOf(ctx.principal);
  const ownedBy = ownedByOf(ctx.principal, rule, caller);
  await assertReaches(ctx, rule.reaches, ids, ownedBy.deliveries);
  assertAllowed(ctx.principal, rule, caller);
  if (rule.reaches === 'location') {
    const { accountId, locationId } = ids as TargetIds['location'];
    return locationAccess(ctx, accountId, locationId, ownedBy) as Grants[T];
  }
  return { ...ids, ctx, ownedBy } as Grants[T];
}

/** For each kind of record, the caller's application when the operation shows it only its own, or null: all. */
function ownedByOf(principal: Principal, rule: OperationRule, caller: Caller): OwnedBy {
  const own = principal.type === 'application' ? principal.applicationId : null;
  const only = rule.ownRecordsOnly ?? {};
  return {
    orders: only.orders?.includes(caller) ? own : null,
    connections: only.connections?.includes(caller) ? own : null,
    deliveries: only.deliveries?.includes(caller) ? own : null,
  };
}

async function assertReaches(ctx: RequestContext, target: Target, ids: object, ownedBy: string | null) {
  const id = ids as Partial<Record<string, string>>;
  switch (target) {
    case 'nothing':
    case 'reachable':
      return;
    case 'account':
      if (!canReachAccount(ctx, id.accountId!)) throw new NotFoundError('Account');
      return;
    case 'location':
      if (!canReachLocation(ctx, id.accountId!, id.locationId!)) throw new NotFoundError('Location');
      return;
    case 'application':
      if (!(await manages(ctx, 'applications', id.applicationId!, managedApplications(ctx))))
        throw new NotFoundError('Application');
      return;
    case 'application-itself':
      if (!isApplicationItself(ctx, id.applicationId!)) throw new NotFoundError('Application');
      return;
    case 'delivery':
      if (!(await seesDelivery(ctx, id.deliveryId!, ownedBy))) throw new NotFoundError('Delivery');
      return;
    case 'user':
      if (!(await manages(ctx, 'users', id.userId!, managedUsers(ctx)))) throw new NotFoundError('User');
      return;
  }
}

function assertAllowed(principal: Principal, rule: OperationRule, caller: Caller): void {
  if (rule.public) return;
  if (!holdsScope(principal, rule)) throw new InsufficientScopeError(rule.scope!);
  if (!rule.callers.includes(caller)) throw rule.refusal ? rule.refusal() : new InsufficientScopeError(rule.scope!);
  if (!holdsFurtherScope(principal, rule, caller)) throw new InsufficientScopeError(rule.alsoNeeds!.scope);
}

/** The grant of an operation on an account: what its service method takes. */
export type AccountGrant = Grants['account'];
/** The grant of an application, a delivery, a user named by id. */
export type ApplicationGrant = Grants['application'];
export type DeliveryGrant = Grants['delivery'];
export type UserGrant = Grants['user'];
