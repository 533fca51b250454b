import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { BUILT_DOCUMENT_PATH, OPENAPI_PATH, type OpenApiDocument } from './openapi-source.js';
import { SchemaValidator } from './schema-validator.js';

// `npm run build`'s last step when openapi.yaml changed (scripts/build.mjs): every schema of the document is
// compiled by the validator the hub uses, and only then is the JSON copy the hub reads written. A document the
// validator cannot read (an unknown keyword, a broken $ref) fails the build, and so `npm start`, with the
// validator's words. A hub that finds no copy newer than the YAML compiles every schema at its own start instead
// (src/rest/router.ts), so a broken document never serves requests either way.

// `node build-document.js [yaml] [json]`: the repository's document and the copy the hub reads unless told.
const [source = OPENAPI_PATH, target = BUILT_DOCUMENT_PATH] = process.argv.slice(2);

const doc = parse(readFileSync(source, 'utf8')) as OpenApiDocument;
try {
  new SchemaValidator(doc).compileAll(doc);
} catch (error) {
  console.error(`${source}: ${(error as Error).message}`);
  process.exit(1);
}
// Written beside and renamed into place: a reader never finds half a file.
const partial = `${target}.${process.pid}`;
writeFileSync(partial, JSON.stringify(doc));
renameSync(partial, target);
