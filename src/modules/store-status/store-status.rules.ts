import { ValidationError, type FieldError } from '../../common/errors.js';

// PUT {loc}/store-status (docs/contract.md "Operations"): the rules both surfaces share.

type StoreStatusValue = 'ONLINE' | 'OFFLINE';

export interface StoreStatusInput {
  storeStatus: StoreStatusValue;
  /** RFC 3339; OFFLINE only: the store goes back ONLINE by itself then. */
  closedUntil?: string | null;
  closedReason?: string | null;
  closedReasonNotes?: string | null;
}

export interface StoreStatusChange {
  storeStatus: StoreStatusValue;
  closedUntil: Date | null;
  closedReason: string | null;
  closedReasonNotes: string | null;
}

/** ONLINE clears the closing details; OFFLINE may say until when (in the future) and why. */
export function checkStoreStatus(input: StoreStatusInput, now: Date): StoreStatusChange {
  const errors: FieldError[] = [];
  if (input.storeStatus !== 'ONLINE' && input.storeStatus !== 'OFFLINE')
    errors.push({ path: '/storeStatus', message: 'must be ONLINE or OFFLINE' });
  let closedUntil: Date | null = null;
  if (input.closedUntil != null) {
    closedUntil = new Date(input.closedUntil);
    if (typeof input.closedUntil !== 'string' || Number.isNaN(closedUntil.getTime()))
      errors.push({ path: '/closedUntil', message: 'must be an RFC 3339 date-time' });
    else if (closedUntil.getTime() <= now.getTime())
      errors.push({ path: '/closedUntil', message: 'must be in the future' });
  }
  const online = input.storeStatus === 'ONLINE';
  if (online) {
    for (const field of ['closedUntil', 'closedReason', 'closedReasonNotes'] as const) {
      if (input[field] != null) errors.push({ path: `/${field}`, message: 'is only for storeStatus OFFLINE' });
    }
  }
  for (const field of ['closedReason', 'closedReasonNotes'] as const) {
    if (input[field] != null && typeof input[field] !== 'string')
      errors.push({ path: `/${field}`, message: 'must be a string' });
  }
  if (errors.length > 0) throw ValidationError.fields(errors);
  return {
    storeStatus: input.storeStatus,
    closedUntil: online ? null : closedUntil,
    closedReason: online ? null : (input.closedReason ?? null),
    closedReasonNotes: online ? null : (input.closedReasonNotes ?? null),
  };
}
