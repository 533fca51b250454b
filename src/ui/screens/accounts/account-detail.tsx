import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Button, Group, Modal, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Crumbs } from '../../components/crumbs';
import { codeOf } from '../../components/errors';
import { useFieldErrors } from '../../components/field-errors';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import { useViewer } from '../../viewer';
import { NotFound } from '../not-found';
import { SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { RenameAccountForm } from './rename-account';

const ACCOUNT = graphql(`
  query Account($accountId: ID!, $nextPageKey: String) {
    account(id: $accountId) {
      id
      name
    }
    locations(accountId: $accountId, limit: 25, nextPageKey: $nextPageKey) {
      data {
        id
        name
        currency
        timezone
      }
      nextPageKey
    }
  }
`);

const CREATE_LOCATION = graphql(`
  mutation CreateLocation($accountId: ID!, $input: CreateLocationInput!) {
    createLocation(accountId: $accountId, input: $input) {
      id
      name
    }
  }
`);

export function AccountDetail() {
  const { accountId = '' } = useParams();
  const viewer = useViewer();
  const cursor = useCursor();
  const { data, loading, error } = useQuery(ACCOUNT, { variables: { accountId, nextPageKey: cursor.pageKey } });
  const [creating, { open, close }] = useDisclosure(false);
  const [renaming, rename] = useDisclosure(false);

  if (codeOf(error) === 'not_found') return <NotFound />;
  return (
    <Stack>
      <Crumbs trail={[{ label: 'Accounts', to: '/accounts' }, { label: data?.account.name ?? '…' }]} />
      {loading && <LoadingState label="Loading the account" />}
      {error && <ErrorState error={error} />}
      {data && (
        <>
          <Group justify="space-between">
            <Title order={2}>{data.account.name}</Title>
            <Group gap="xs">
              <Button component={Link} to={`/accounts/${accountId}/reports`} variant="light">
                Reports
              </Button>
              {viewer.permissions.provision && (
                <>
                  <Button variant="default" onClick={rename.open}>
                    Rename
                  </Button>
                  <Button onClick={open}>Create location</Button>
                </>
              )}
            </Group>
          </Group>
          <Title order={3} size="h4">
            Locations
          </Title>
          {data.locations.data.length === 0 ? (
            <EmptyState>This account has no location yet.</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table striped highlightOnHover aria-label="Locations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Currency</Table.Th>
                    <Table.Th>Timezone</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.locations.data.map((location) => (
                    <Table.Tr key={location.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/accounts/${accountId}/locations/${location.id}`}>
                          {location.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{location.currency}</Table.Td>
                      <Table.Td>{location.timezone}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager cursor={cursor} nextPageKey={data.locations.nextPageKey} label="Locations" />
        </>
      )}
      <Modal opened={creating} onClose={close} title="Create location">
        <CreateLocationForm accountId={accountId} />
      </Modal>
      <Modal opened={renaming} onClose={rename.close} title="Rename account">
        {data && <RenameAccountForm account={data.account} onDone={rename.close} />}
      </Modal>
    </Stack>
  );
}

/** Name, currency and timezone; tax rates are edited on the location once it exists. */
function CreateLocationForm({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', currency: '', timezone: '' });
  const [create, { loading, error }] = useMutation(CREATE_LOCATION, { refetchQueries: [ACCOUNT] });
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  const input = {
    name: form.name,
    ...(form.currency ? { currency: form.currency } : {}),
    ...(form.timezone ? { timezone: form.timezone } : {}),
  };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ variables: { accountId, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`Location "${result.data.createLocation.name}" created`);
    navigate(`/accounts/${accountId}/locations/${result.data.createLocation.id}`);
  }

  const known = ['/name', '/currency', '/timezone'];
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput
          label="Location name"
          required
          value={form.name}
          onChange={set('name')}
          error={fields['/name']}
          data-autofocus
        />
        <TextInput
          label="Currency"
          description="ISO 4217 code, e.g. EUR; empty for the hub's default"
          value={form.currency}
          onChange={set('currency')}
          error={fields['/currency']}
        />
        <TextInput
          label="Timezone"
          description="IANA name, e.g. Europe/Paris; empty for the hub's default"
          value={form.timezone}
          onChange={set('timezone')}
          error={fields['/timezone']}
        />
        {error && !known.some((k) => all[k]) && <ErrorState error={error} title="The location was not created" />}
        <SubmitRow label="Create location" loading={loading} />
      </Stack>
    </form>
  );
}
