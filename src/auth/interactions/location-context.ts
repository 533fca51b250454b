/** Where the interaction result keeps the location chosen on the consent page (read by provider.ts). */
export const LOCATION_CONTEXT_KEY = 'hubLocation';

/** Sent to the application's redirect URI with the code (docs/contract.md "Principals, scopes and tokens"). */
export interface LocationContext {
  accountId: string;
  locationId: string;
  connectionId: string;
  applicationId: string;
}
