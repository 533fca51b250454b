import type { DomainError } from '../common/errors.js';
import type { Principal, Scope } from '../common/principal.js';

// What an operation of the hub (a REST route, a GraphQL field, a subscription) may be called by, declared once
// next to the module that serves it. The REST router and the GraphQL schema refuse to serve an operation that
// has no declaration; src/auth/authorize.ts is the one place that reads them and decides; the web UI's
// permissions are read off the same declarations (src/modules/users/viewer.service.ts). How to declare one:
// docs/architecture.md, "Authorization".

/**
 * The kinds of caller. Operators sign in as themselves (the web UI, scripts through a first-party client);
 * a partner application calls with its own token, or with a user's token obtained through it ("for a user"),
 * which is that application acting for the user.
 */
const CALLERS = [
  'admin',
  'reseller',
  'merchant',
  'pos',
  'marketplace',
  'pos-for-user',
  'marketplace-for-user',
] as const;
export type Caller = (typeof CALLERS)[number];

export const OPERATORS: readonly Caller[] = ['admin', 'reseller', 'merchant'];
/** A marketplace application, with its own token or acting for a user. */
export const MARKETPLACES: readonly Caller[] = ['marketplace', 'marketplace-for-user'];
/** A POS or a marketplace application, with its own token or acting for a user. */
export const PARTNERS: readonly Caller[] = ['pos', 'pos-for-user', ...MARKETPLACES];
export const EVERYONE: readonly Caller[] = CALLERS;

/**
 * What the operation names and the caller must reach; anything else is 404, before any other check, so ids of
 * other tenants cannot be probed:
 * - `nothing`: it names no record (it creates a top-level one, or is about the caller itself);
 * - `reachable`: a collection narrowed to what the caller reaches (accounts, users, applications);
 * - `account`: {accountId}; `location`: {accountId, locationId};
 * - `application`: {applicationId} that the caller manages (admins any, a user those it registered, an
 *   application itself); `application-itself`: {applicationId} that is the caller (or any, for an admin);
 * - `delivery`: {deliveryId} the caller sees; `user`: {userId} the caller manages.
 */
export type Target =
  'nothing' | 'reachable' | 'account' | 'location' | 'application' | 'application-itself' | 'delivery' | 'user';

/** Records a partner may own at a location: the orders it placed, its connections, the deliveries addressed to it. */
export type OwnRecords = 'orders' | 'connections' | 'deliveries';

export interface OperationRule<T extends Target = Target> {
  /** `module.verb`, unique: what errors, logs and the tests call it. */
  readonly name: string;
  /** Who may call it; anyone else is refused with 403 (once the target is in reach). */
  readonly callers: readonly Caller[];
  /** The scope the token must carry (403 naming it); null: none (the caller's own view of itself). */
  readonly scope: Scope | null;
  /** A scope that allows the operation as well as `scope` does. */
  readonly orScope?: Scope;
  /** A further scope some callers need too (an operator replaying a delivery also edits the location). */
  readonly alsoNeeds?: { readonly callers: readonly Caller[]; readonly scope: Scope };
  readonly reaches: T;
  /**
   * For each kind of record, the callers that see only their own under the target (`{ orders: MARKETPLACES }`:
   * a marketplace sees the orders it placed). The grant names the application whose records they are
   * (`ownedBy.orders`), or null when the caller sees them all.
   */
  readonly ownRecordsOnly?: Readonly<Partial<Record<OwnRecords, readonly Caller[]>>>;
  /** The 403 for a caller not in `callers`; by default the missing scope's. */
  readonly refusal?: () => DomainError;
  /** Served without a caller (the web UI's sign-in and sign-out); nothing is checked. */
  readonly public?: boolean;
}

const declared = new Map<string, OperationRule>();

/** Declares an operation (once per name); the REST router and the GraphQL schema serve only declared ones. */
function declareOperation<T extends Target>(rule: OperationRule<T>): OperationRule<T> {
  if (declared.has(rule.name)) throw new Error(`operation ${rule.name} is declared twice`);
  if (rule.callers.length === 0 && !rule.public) throw new Error(`operation ${rule.name} names no caller`);
  if (rule.scope === null && !rule.refusal && rule.callers.length < CALLERS.length && !rule.public)
    throw new Error(`operation ${rule.name} needs no scope: say how a caller of another kind is refused`);
  const frozen = Object.freeze({ ...rule });
  declared.set(rule.name, frozen);
  return frozen;
}

/** Declares each operation of a module, named `${module}.${key}`. */
export function declareOperations<M extends Record<string, Omit<OperationRule, 'name'>>>(
  module: string,
  rules: M,
): { readonly [K in keyof M]: OperationRule<M[K]['reaches']> } {
  return Object.fromEntries(
    Object.entries(rules).map(([key, rule]) => [key, declareOperation({ ...rule, name: `${module}.${key}` })]),
  ) as never;
}

/** Whether `rule` is one of the declared operations (and not a look-alike object). */
export function isDeclared(rule: unknown): rule is OperationRule {
  return typeof rule === 'object' && rule !== null && declared.get((rule as OperationRule).name) === rule;
}

export function declaredOperations(): OperationRule[] {
  return [...declared.values()];
}

/** Which kind of caller a principal is. */
export function callerOf(principal: Principal): Caller {
  if (principal.type === 'user') return principal.role;
  const kind = principal.kind === 'POS' ? 'pos' : 'marketplace';
  return principal.onBehalfOf ? `${kind}-for-user` : kind;
}

/**
 * Whether the principal may call the operation wherever it reaches: its kind is declared and its token
 * carries the scopes. What the web UI shows is read off this, so it never offers what the server refuses.
 */
export function permits(principal: Principal, rule: OperationRule): boolean {
  const caller = callerOf(principal);
  return (
    rule.public === true ||
    (holdsScope(principal, rule) && rule.callers.includes(caller) && holdsFurtherScope(principal, rule, caller))
  );
}

/** The token carries the operation's scope (or the one that allows it as well), or it needs none. */
export function holdsScope(principal: Principal, rule: OperationRule): boolean {
  const has = (scope: Scope) => principal.scopes.has(scope);
  return rule.scope === null || has(rule.scope) || (rule.orScope !== undefined && has(rule.orScope));
}

/** The token carries the further scope that callers of this kind need, or they need none. */
export function holdsFurtherScope(principal: Principal, rule: OperationRule, caller: Caller): boolean {
  const also = rule.alsoNeeds;
  return !also || !also.callers.includes(caller) || principal.scopes.has(also.scope);
}
