import { Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { SubmitRow } from '../../components/form-footer';
import { ErrorState } from '../../components/states';

/**
 * The one field an account has, its name, for creating an account and renaming one. The server's problem with the
 * name shows on the field; any other shows under it with `failure` as its title.
 */
export function AccountNameForm({
  initialName,
  submitLabel,
  failure,
  loading,
  error,
  onSubmit,
}: {
  initialName: string;
  submitLabel: string;
  failure: string;
  loading: boolean;
  error: Error | undefined;
  onSubmit: (input: { name: string }) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const input = { name };
  const { fields, all } = useFieldErrors(error, input);

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit(input);
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="Account name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields['/name']}
          data-autofocus
        />
        {error && !all['/name'] && <ErrorState error={error} title={failure} />}
        <SubmitRow label={submitLabel} loading={loading} />
      </Stack>
    </form>
  );
}
