import { useMutation } from '@apollo/client/react';
import { Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { ErrorState } from '../../components/states';
import { graphql } from '../../gql';

// A typo at onboarding, or a restaurant group renamed. The answer carries the name, so Apollo's cache shows it
// everywhere the account appears (the title, the crumbs, the accounts list).

const UPDATE_ACCOUNT = graphql(`
  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {
    updateAccount(id: $id, input: $input) {
      id
      name
    }
  }
`);

export function RenameAccountForm({ account, onDone }: { account: { id: string; name: string }; onDone: () => void }) {
  const [name, setName] = useState(account.name);
  const [update, { loading, error }] = useMutation(UPDATE_ACCOUNT);
  const input = { name };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ variables: { id: account.id, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`Account renamed "${result.data.updateAccount.name}"`);
    onDone();
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput
          label="Account name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields['/name']}
          data-autofocus
        />
        {error && !all['/name'] && <ErrorState error={error} title="The account was not renamed" />}
        <SubmitRow label="Save name" loading={loading} />
      </Stack>
    </form>
  );
}
