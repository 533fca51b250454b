import type { Problem } from './problem.js';

// A time offset such as +01:00 in a query string is often sent as is; in a query string a bare '+' means a
// space, so the hub receives "2026-11-23T12:00:00 01:00" and refuses it as no date-time. The refusal then says
// why, for the parameters that arrived with a space where a date-time has none.

const HINT = "(a '+' in a query string arrives as a space: URL-encode the value, '+' as %2B)";
const LOOKS_LIKE_LOST_PLUS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)? \d{2}(:?\d{2})?$/i;

export function withPlusHint(problem: Problem, query: Record<string, unknown>): Problem {
  if (problem.code !== 'validation_failed' || !problem.errors) return problem;
  let hinted = false;
  const errors = problem.errors.map((error) => {
    const value = query[error.path];
    if (typeof value !== 'string' || !LOOKS_LIKE_LOST_PLUS.test(value)) return error;
    hinted = true;
    return { ...error, message: `${error.message} ${HINT}` };
  });
  return hinted ? { ...problem, detail: errors.map((e) => `${e.path} ${e.message}`).join('; '), errors } : problem;
}
