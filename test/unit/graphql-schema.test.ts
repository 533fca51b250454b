import { readFileSync } from 'node:fs';
import { printHubSchema, SCHEMA_PATH } from '../../src/graphql/print-schema.js';

describe('schema/schema.graphql', () => {
  it('is the printed schema of the code (run `npm run schema:print` after changing GraphQL types)', async () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(await printHubSchema());
  });
});
