/** Where the interaction result keeps the location chosen on the consent page (read by provider.ts). */
export const LOCATION_CONTEXT_KEY = 'hubLocation';

/** Sent to the application's redirect URI with the code (CONTRACT section 2). */
export interface LocationContext {
  accountId: string;
  locationId: string;
  connectionId: string;
  applicationId: string;
}
