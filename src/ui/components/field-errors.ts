import { useState } from 'react';
import { fieldErrorsOf } from './errors';
import { errorsStillApplying } from './field-errors-applying';

/**
 * A form's field errors from the server's last answer, each shown only until the person changes that field
 * (field-errors-applying.ts). `input` is what the form would send now, in the shape the server checks; `all`
 * keeps every error of the answer, for the form's own "was it a field error at all?" decisions.
 */
export function useFieldErrors(
  error: unknown,
  input: unknown,
): { fields: Record<string, string>; all: Record<string, string> } {
  // The input as it stood when the answer came: what its errors are about. Kept per answer (React's "state
  // from the previous render" pattern), so the very render that shows a new answer compares against it.
  const [answered, setAnswered] = useState<{ error: unknown; sent: unknown }>({ error, sent: input });
  let sent = answered.sent;
  if (answered.error !== error) {
    setAnswered({ error, sent: input });
    sent = input;
  }
  const all = fieldErrorsOf(error);
  return { fields: errorsStillApplying(all, sent, input), all };
}
