import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { buildHubSchema } from './schema.js';

/** schema/schema.graphql: the checked-in SDL; test/e2e/graphql-schema.test checks that it is current. */
export const SCHEMA_PATH = fileURLToPath(new URL('../../../schema/schema.graphql', import.meta.url));

export async function printHubSchema(): Promise<string> {
  return `${printSchema(await buildHubSchema())}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_PATH, await printHubSchema());
  process.stdout.write(`wrote ${SCHEMA_PATH}\n`);
}
