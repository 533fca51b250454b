import { DomainError } from '../../common/errors.js';

/** A status change that docs/contract.md "Order statuses" does not allow, or not to this caller: 409. */
export class InvalidTransitionError extends DomainError {
  constructor(message: string) {
    super('invalid_transition', message);
  }
}

/**
 * Orders are placed by marketplaces (docs/contract.md "Operations"). Another caller holding orders.write (a POS, an
 * operator) is refused with 403, without the scope challenge: no scope would help.
 */
export class NotAMarketplaceError extends DomainError {
  constructor() {
    super('insufficient_scope', 'Orders are placed by a MARKETPLACE application connected to the location');
  }
}
