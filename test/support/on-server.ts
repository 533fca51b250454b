import { serverUrl } from './database.js';

/**
 * For tests whose point is concurrency between transactions or processes: the embedded PGlite runs one
 * transaction at a time over one session, so there they would show nothing (or hang). They run whenever a
 * PostgreSQL server is configured, which CI always does. Jest globals only: import from test files, never
 * from code the benches share.
 */
export const describeOnServer = serverUrl() ? describe : describe.skip;
export const itOnServer = serverUrl() ? it : it.skip;
