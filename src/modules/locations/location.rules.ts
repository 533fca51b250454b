import { ValidationError, type FieldError } from '../../common/errors.js';

// Location fields beyond tax rates (docs/contract.md "Records"): ISO 4217 currency and IANA time zone.

const CURRENCY = /^[A-Z]{3}$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function checkLocationFields(
  fields: { name?: string | null; currency?: string | null; timezone?: string | null },
  creating: boolean,
): void {
  const errors: FieldError[] = [];
  if (creating || fields.name !== undefined) {
    if (typeof fields.name !== 'string' || fields.name.trim().length < 1)
      errors.push({ path: '/name', message: 'is required and must not be empty' });
  }
  if (fields.currency != null && !CURRENCY.test(fields.currency)) {
    errors.push({ path: '/currency', message: 'must be an ISO 4217 code such as EUR' });
  }
  if (fields.timezone != null && !isTimeZone(fields.timezone)) {
    errors.push({ path: '/timezone', message: 'must be an IANA time zone such as Europe/Amsterdam' });
  }
  if (errors.length > 0) throw ValidationError.fields(errors);
}
