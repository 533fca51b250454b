import { GraphQLError, Kind, visit, type ValidationContext, type ValidationRule } from 'graphql';
import { isUnsafeText } from '../common/unsafe-text.js';
import { MAX_ALIASES, MAX_OPERATIONS } from './graphql-limits.js';

/**
 * Caps what multiplies work without showing in a list's `limit`: aliased fields (a thousand aliases of one
 * field resolve it a thousand times) and operations per document. Errors carry `query_too_complex`.
 */
export const documentLimits: ValidationRule = (context: ValidationContext) => {
  const document = context.getDocument();
  const operations = document.definitions.filter((def) => def.kind === Kind.OPERATION_DEFINITION).length;
  if (operations > MAX_OPERATIONS) {
    context.reportError(tooComplex(`The document holds ${operations} operations; the limit is ${MAX_OPERATIONS}`));
  }
  let aliases = 0;
  visit(document, {
    Field(node) {
      if (node.alias) aliases += 1;
    },
  });
  if (aliases > MAX_ALIASES)
    context.reportError(tooComplex(`The document holds ${aliases} aliased fields; the limit is ${MAX_ALIASES}`));
  return {};
};

export function tooComplex(message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'query_too_complex', ...extensions, http: { status: 400 } } });
}

/**
 * String literals of the document with a NUL character or an unpaired surrogate (written as `\u0000` or
 * `\uD800` escapes, which the parser turns into those characters) are refused before anything runs: the
 * database cannot store them (src/common/unsafe-text.ts).
 */
export const safeStringLiterals: ValidationRule = (context: ValidationContext) => ({
  StringValue(node) {
    if (isUnsafeText(node.value)) {
      context.reportError(
        new GraphQLError('A string literal contains a NUL character or an unpaired UTF-16 surrogate', {
          nodes: [node],
          extensions: { code: 'validation_failed' },
        }),
      );
    }
  },
});
