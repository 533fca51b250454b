import { useMutation } from '@apollo/client/react';
import { Button, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { FormError, SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { graphql } from '../../gql';
import { useViewer } from '../../viewer';
import { counted } from '../../components/counted';

// The accounts a merchant works in, changed in place: a merchant given another restaurant, or moved off one,
// keeps its sign-in. The server applies it from the merchant's next request, and decides what a reseller may
// change: only its own accounts, the others a merchant belongs to stay as they are.

const UPDATE_USER = graphql(`
  mutation UpdateUserAccounts($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      accountIds
    }
  }
`);

interface Props {
  user: { id: string; email: string; accountIds: string[] };
  /** The accounts this operator can choose from (its own for a reseller). */
  accounts: { id: string; name: string }[];
}

export function ChangeMerchantAccounts({ user, accounts }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="subtle" aria-label={`Change accounts of ${user.email}`} onClick={open}>
        Change accounts
      </Button>
      <Modal opened={opened} onClose={close} title={`Accounts of ${user.email}`}>
        <MerchantAccountsForm user={user} accounts={accounts} onDone={close} />
      </Modal>
    </>
  );
}

function MerchantAccountsForm({ user, accounts, onDone }: Props & { onDone: () => void }) {
  const viewer = useViewer();
  const listed = new Set(accounts.map((a) => a.id));
  // An admin reaches every account, also those beyond the first page of choices: they stay in the list, by id,
  // so saving never drops them unseen. A reseller's others are not its to send; the server keeps them.
  const unlisted = user.accountIds.filter((id) => !listed.has(id));
  const choices = [
    ...accounts.map((a) => ({ value: a.id, label: a.name })),
    ...(viewer.role === 'admin' ? unlisted.map((id) => ({ value: id, label: `Account ${id}` })) : []),
  ];
  const [accountIds, setAccountIds] = useState(() =>
    user.accountIds.filter((id) => viewer.role === 'admin' || listed.has(id)),
  );
  // The answer carries accountIds, so Apollo's cache updates the row by itself.
  const [update, { loading, error }] = useMutation(UPDATE_USER);
  const input = { accountIds };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ variables: { id: user.id, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`${user.email} works in ${counted(result.data.updateUser.accountIds.length, 'account')} now`);
    onDone();
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <MultiSelect
          label="Accounts"
          description="What this merchant reaches, from its next request on; it stays signed in"
          data={choices}
          value={accountIds}
          onChange={setAccountIds}
          error={fields['/accountIds']}
          searchable
          data-autofocus
        />
        {viewer.role !== 'admin' && unlisted.length > 0 && (
          <Text size="sm" c="dimmed">
            It also works in {counted(unlisted.length, 'account')} that you do not manage; that stays as it is.
          </Text>
        )}
        <FormError error={error} fields={all} />
        <SubmitRow label="Save accounts" loading={loading} />
      </Stack>
    </form>
  );
}
