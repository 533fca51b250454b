import { CombinedGraphQLErrors } from '@apollo/client';

// The UI shows the server's own messages (services word them for people) and maps only the codes whose
// message is written for programs. Field errors carry the JSON path the server checked (/taxRates/0/rate).

const WORDS_FOR: Record<string, string> = {
  unauthorized: 'Your session has ended. Sign in again.',
  insufficient_scope: 'You are not allowed to do this.',
  not_found: 'Not found: it does not exist or you cannot see it.',
  internal: 'The hub ran into an unexpected error. Try again; if it persists, tell your administrator.',
};

interface ServerError {
  message: string;
  extensions?: { code?: string; errors?: { path: string; message: string }[] };
}

function serverErrors(error: unknown): ServerError[] {
  return CombinedGraphQLErrors.is(error) ? (error.errors as ServerError[]) : [];
}

/** The stable code of the first GraphQL error (docs/contract.md "Conventions"), if any. */
export function codeOf(error: unknown): string | undefined {
  return serverErrors(error)[0]?.extensions?.code;
}

/** One sentence for a person. */
export function messageOf(error: unknown): string {
  const [first] = serverErrors(error);
  if (first) {
    const code = first.extensions?.code ?? '';
    if (code === 'validation_failed' && first.extensions?.errors?.length) return 'Some fields need attention.';
    if (code === 'insufficient_scope' || code === 'internal') return WORDS_FOR[code];
    return first.message || WORDS_FOR[code] || 'The request failed.';
  }
  if (error instanceof Error && /fetch|network/i.test(error.message))
    return 'The hub cannot be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'The request failed.';
}

/** Field errors by path ("/name", "/taxRates/0/rate"), for the form to show next to each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of serverErrors(error)) {
    for (const field of e.extensions?.errors ?? []) out[field.path] ??= field.message;
  }
  return out;
}

/** The errors whose path is not one of the form's fields, so none goes unseen. */
export function otherFieldErrors(errors: Record<string, string>, shown: (path: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown(path))
    .map(([path, message]) => `${path.replace(/^\//, '') || 'input'}: ${message}`);
}
