import { useMutation } from '@apollo/client/react';
import { notifyDone } from '../../components/notify';
import { graphql } from '../../gql';
import { AccountNameForm } from './account-name-form';

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
  const [update, { loading, error }] = useMutation(UPDATE_ACCOUNT);

  async function onSubmit(input: { name: string }) {
    const result = await update({ variables: { id: account.id, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`Account renamed "${result.data.updateAccount.name}"`);
    onDone();
  }

  return (
    <AccountNameForm
      initialName={account.name}
      submitLabel="Save name"
      failure="The account was not renamed"
      loading={loading}
      error={error}
      onSubmit={onSubmit}
    />
  );
}
