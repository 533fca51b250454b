import type { RequestHandler } from 'express';
import { createRequire } from 'node:module';
import legacyUrl from 'node:url';
import type { OpenApiValidatorOpts } from 'express-openapi-validator/dist/framework/types.js';
import { operationLookup, type ApiDoc, type OperationContext } from './operation-lookup.js';

// express-openapi-validator's own middlewares (the operation lookup, the request validator and, in tests, the
// response validator), installed once its document is loaded. Its `middleware()` loads the document in the
// background and hands out five wrappers that each wait on that load with a `.then` on every request, then
// `.catch`, one express layer each: about fifteen promises and ten turns of the microtask queue per /v1
// request, for a load that finished at start-up. Here the load is awaited before the app listens, and the
// same middlewares, built by the same validator instance from the same options, run directly. Left out
// are the wrappers that do nothing with these options: multipart (no multipart operation is documented),
// security (validateSecurity is off: bearerAuth does it) and path params (app.param handlers on the root
// app, which has no route with parameters). The operation lookup is ours (src/rest/operation-lookup.ts: the
// package's, with a search that does not try every route). express-openapi-validator is pinned
// (package.json); this file mirrors its `installMiddleware` (dist/openapi.validator.js) and must be checked
// against it on an upgrade.

const require = createRequire(import.meta.url);

interface Validator {
  options: Required<
    Pick<OpenApiValidatorOpts, 'validateApiSpec' | '$refParser' | 'ignoreUndocumented' | 'useRequestUrl'>
  > &
    OpenApiValidatorOpts;
  ajvOpts: { preprocessor: unknown };
  requestValidationMiddleware(apiDoc: unknown): RequestHandler;
  responseValidationMiddleware(apiDoc: unknown, serial: number): RequestHandler;
}
interface Spec {
  apiDoc: unknown;
  serial: number;
}

const { OpenApiValidator } = require('express-openapi-validator/dist/openapi.validator') as {
  OpenApiValidator: new (options: OpenApiValidatorOpts) => Validator;
};
const { OpenApiSpecLoader } = require('express-openapi-validator/dist/framework/openapi.spec.loader') as {
  OpenApiSpecLoader: new (options: { apiDoc: unknown; validateApiSpec: unknown; $refParser: unknown }) => {
    load(): Promise<Spec>;
  };
};
const { SchemaPreprocessor } = require('express-openapi-validator/dist/middlewares/parsers/schema.preprocessor') as {
  SchemaPreprocessor: new (
    apiDoc: unknown,
    ajvOptions: unknown,
    validateResponses: unknown,
  ) => { preProcess(): { apiDocRes: ApiDoc | undefined } };
};
const { OpenApiContext } = require('express-openapi-validator/dist/framework/openapi.context') as {
  OpenApiContext: new (
    spec: Spec,
    ignorePaths: unknown,
    ignoreUndocumented: unknown,
    useRequestUrl: unknown,
  ) => OperationContext;
};

/**
 * Node 24's `url.parse` (DEP0169) warns once, and only for a caller outside node_modules. Until it has, every
 * call from inside node_modules captures a stack trace to learn where it came from (`isInsideNodeModules`):
 * 14-18 µs per /v1 request, because the request validator's parameter parser calls it on each one
 * (req.parameter.mutator.js), only to read the query string of the request's own URL. The hub never calls
 * `url.parse` itself. One call from here, with deprecation warnings muted for it, counts as the warning given.
 * On a runtime without the check this is one cheap parse.
 */
function settleUrlParseDeprecation(): void {
  const muted = process.noDeprecation;
  process.noDeprecation = true;
  try {
    legacyUrl.parse('/');
  } finally {
    process.noDeprecation = muted;
  }
}

/**
 * The validator's middlewares for `options` (what `OpenApiValidator.middleware(options)` installs), with the
 * document already loaded: each runs synchronously. The document is a file path (its $refs are internal).
 */
export async function openApiValidation(
  options: OpenApiValidatorOpts & { apiSpec: string },
): Promise<RequestHandler[]> {
  // The constructor checks the options and fills in their defaults on the object itself, as the package's
  // middleware() relies on when it then loads the document.
  const validator = new OpenApiValidator(options);
  settleUrlParseDeprecation();
  const spec = await new OpenApiSpecLoader({
    apiDoc: options.apiSpec,
    validateApiSpec: options.validateApiSpec,
    $refParser: options.$refParser,
  }).load();
  const { apiDocRes } = new SchemaPreprocessor(
    spec.apiDoc,
    validator.ajvOpts.preprocessor,
    validator.options.validateResponses,
  ).preProcess();
  const context = new OpenApiContext(
    spec,
    validator.options.ignorePaths,
    validator.options.ignoreUndocumented,
    validator.options.useRequestUrl,
  );
  const handlers = [operationLookup(context, apiDocRes)];
  if (validator.options.validateRequests) handlers.push(validator.requestValidationMiddleware(spec.apiDoc));
  if (validator.options.validateResponses)
    handlers.push(validator.responseValidationMiddleware(apiDocRes, context.serial));
  return handlers;
}
