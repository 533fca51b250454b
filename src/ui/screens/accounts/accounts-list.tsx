import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Button, Group, Modal, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../components/errors';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import { useViewer } from '../../viewer';
import { SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';

const ACCOUNTS = graphql(`
  query Accounts($nextPageKey: String) {
    accounts(limit: 25, nextPageKey: $nextPageKey) {
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
  const cursor = useCursor();
  const { data, loading, error } = useQuery(ACCOUNTS, { variables: { nextPageKey: cursor.pageKey } });
  const [creating, { open, close }] = useDisclosure(false);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Accounts</Title>
        {viewer.permissions.provision && <Button onClick={open}>Create account</Button>}
      </Group>
      {loading && <LoadingState label="Loading accounts" />}
      {error && <ErrorState error={error} />}
      {data && data.accounts.data.length === 0 && <EmptyState>No accounts yet.{viewer.permissions.provision ? ' Create the first one.' : ''}</EmptyState>}
      {data && data.accounts.data.length > 0 && (
        <Table.ScrollContainer minWidth={320}>
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
                  <Table.Td>{new Date(account.createdAt).toLocaleString()}</Table.Td>
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
  const [name, setName] = useState('');
  const [create, { loading, error }] = useMutation(CREATE_ACCOUNT, { refetchQueries: [ACCOUNTS] });
  const fields = fieldErrorsOf(error);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ variables: { input: { name } } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`Account "${result.data.createAccount.name}" created`);
    onDone();
    navigate(`/accounts/${result.data.createAccount.id}`);
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput label="Account name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields['/name']} data-autofocus />
        {error && !fields['/name'] && <ErrorState error={error} title="The account was not created" />}
        <SubmitRow label="Create account" loading={loading} />
      </Stack>
    </form>
  );
}
