import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Button, Group, Modal, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Pager, useSearchCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatWhen } from '../../components/time';
import { graphql } from '../../gql';
import { useViewer } from '../../viewer';
import { notifyDone } from '../../components/notify';
import { AccountNameForm } from './account-name-form';

const ACCOUNTS = graphql(`
  query Accounts($nextPageKey: String, $search: String) {
    accounts(limit: 25, nextPageKey: $nextPageKey, search: $search) {
      data {
        id
        name
        createdAt
      }
      nextPageKey
    }
  }
`);

const CREATE_ACCOUNT = graphql(`
  mutation CreateAccount($input: CreateAccountInput!) {
    createAccount(input: $input) {
      id
      name
    }
  }
`);

export function AccountsList() {
  const viewer = useViewer();
  // Searched on the server as the operator types (a reseller may hold hundreds of accounts), a page at a time.
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 250);
  const cursor = useSearchCursor(searched);
  const {
    data: current,
    previousData,
    loading,
    error,
  } = useQuery(ACCOUNTS, { variables: { nextPageKey: cursor.pageKey, search: searched || undefined } });
  // The last list stays on screen while the next search or page loads.
  const data = current ?? previousData;
  const [creating, { open, close }] = useDisclosure(false);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Accounts</Title>
        {viewer.permissions.provision && <Button onClick={open}>Create account</Button>}
      </Group>
      <TextInput
        label="Search accounts"
        placeholder="Part of the name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={280}
        maw="100%"
        type="search"
      />
      {loading && !data && <LoadingState label="Loading accounts" />}
      {error && <ErrorState error={error} />}
      {data && data.accounts.data.length === 0 && (
        <EmptyState>
          {searched
            ? `No account's name contains "${searched}".`
            : `No accounts yet.${viewer.permissions.provision ? ' Create the first one.' : ''}`}
        </EmptyState>
      )}
      {data && data.accounts.data.length > 0 && (
        <Table.ScrollContainer minWidth={320} aria-busy={loading}>
          <Table striped highlightOnHover aria-label="Accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.accounts.data.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/accounts/${account.id}`}>
                      {account.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatWhen(account.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={data?.accounts.nextPageKey} label="Accounts" />
      <Modal opened={creating} onClose={close} title="Create account">
        <CreateAccountForm onDone={close} />
      </Modal>
    </Stack>
  );
}

function CreateAccountForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const [create, { loading, error }] = useMutation(CREATE_ACCOUNT, { refetchQueries: [ACCOUNTS] });

  async function onSubmit(input: { name: string }) {
    const result = await create({ variables: { input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`Account "${result.data.createAccount.name}" created`);
    onDone();
    navigate(`/accounts/${result.data.createAccount.id}`);
  }

  return (
    <AccountNameForm
      initialName=""
      submitLabel="Create account"
      failure="The account was not created"
      loading={loading}
      error={error}
      onSubmit={onSubmit}
    />
  );
}
