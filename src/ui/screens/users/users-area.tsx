import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import { useHubRules } from '../../hub-rules';
import type { Role, UsersQuery } from '../../gql/graphql';
import { useViewer } from '../../viewer';
import { FormError, SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { UserAccessActions, UserAccessBadge } from './user-access-actions';
import { ChangeMerchantAccounts } from './merchant-accounts';
import { counted } from '../../components/counted';

const USERS = graphql(`
  query Users($nextPageKey: String) {
    users(limit: 25, nextPageKey: $nextPageKey) {
      data {
        id
        email
        username
        role
        accountIds
        deactivatedAt
        createdAt
      }
      nextPageKey
    }
  }
`);

const ACCOUNT_CHOICES = graphql(`
  query AccountChoices($limit: Int!) {
    accounts(limit: $limit) {
      data {
        id
        name
      }
    }
  }
`);

const CREATE_USER = graphql(`
  mutation CreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      email
    }
  }
`);

const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', reseller: 'Reseller', merchant: 'Merchant' };

/** Users this operator manages: an admin's all, a reseller's the merchants it created (the server decides). */
export function UsersArea() {
  const viewer = useViewer();
  const cursor = useCursor();
  const { data, loading, error } = useQuery(USERS, { variables: { nextPageKey: cursor.pageKey } });
  // The accounts a new user may be given: as many as the API lists at once (hubRules.maxPageLimit).
  const { maxPageLimit } = useHubRules();
  const accounts = useQuery(ACCOUNT_CHOICES, { variables: { limit: maxPageLimit } });
  const [creating, { open, close }] = useDisclosure(false);
  const accountName = new Map((accounts.data?.accounts.data ?? []).map((a) => [a.id, a.name]));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button onClick={open}>Create user</Button>
      </Group>
      {loading && <LoadingState label="Loading users" />}
      {error && <ErrorState error={error} />}
      {data && data.users.data.length === 0 && <EmptyState>No users yet.</EmptyState>}
      {data && data.users.data.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          {/* On a phone the role and the accounts go under the e-mail, which alone wraps anywhere (an address
              has no spaces); the access column keeps its words. */}
          <Table striped aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th visibleFrom="sm">Role</Table.Th>
                <Table.Th visibleFrom="sm">Accounts</Table.Th>
                <Table.Th>Access</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.users.data.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  self={user.id === viewer.id}
                  accounts={accounts.data?.accounts.data ?? []}
                  accountName={accountName}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={data?.users.nextPageKey} label="Users" />
      <Modal opened={creating} onClose={close} title="Create user">
        <CreateUserForm accounts={accounts.data?.accounts.data ?? []} onDone={close} />
      </Modal>
    </Stack>
  );
}

type User = UsersQuery['users']['data'][number];

function UserRow({
  user,
  self,
  accounts,
  accountName,
}: {
  user: User;
  /** The operator's own row. */
  self: boolean;
  accounts: { id: string; name: string }[];
  accountName: Map<string, string>;
}) {
  const role = <Badge variant="light">{ROLE_LABEL[user.role]}</Badge>;
  const memberOf = membership(user.accountIds, accountName);
  // Only merchants belong to accounts.
  const change = user.role === 'merchant' && <ChangeMerchantAccounts user={user} accounts={accounts} />;
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {user.email}
        {user.username && (
          <Text size="xs" c="dimmed">
            Username {user.username}
          </Text>
        )}
        <Stack gap={2} mt={4} hiddenFrom="sm" align="flex-start">
          {role}
          <Text size="xs" c="dimmed">
            {memberOf}
          </Text>
          {change}
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">{role}</Table.Td>
      <Table.Td visibleFrom="sm" style={{ overflowWrap: 'break-word' }}>
        <Stack gap={4} align="flex-start">
          <span>{memberOf}</span>
          {change}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <UserAccessBadge user={user} />
          <UserAccessActions user={user} self={self} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * "Harbour Bistro, Dune Café", and how many more the operator cannot name (a reseller's merchant may also
 * work in accounts that another reseller manages; an admin's choices stop at the API's largest page of accounts).
 */
function membership(accountIds: string[], accountName: Map<string, string>): string {
  const named = accountIds.flatMap((id) => accountName.get(id) ?? []);
  const others = accountIds.length - named.length;
  const more = others === 0 ? [] : [counted(others, 'other account')];
  return [...named, ...more].join(', ') || '—';
}

function CreateUserForm({ accounts, onDone }: { accounts: { id: string; name: string }[]; onDone: () => void }) {
  const viewer = useViewer();
  const roles = viewer.permissions.creatableRoles;
  const [form, setForm] = useState({
    email: '',
    username: '',
    password: '',
    role: roles[roles.length - 1] as Role,
    accountIds: [] as string[],
  });
  const [create, { loading, error }] = useMutation(CREATE_USER, { refetchQueries: [USERS] });
  const input = {
    email: form.email,
    ...(form.username.trim() ? { username: form.username.trim() } : {}),
    password: form.password,
    role: form.role,
    ...(form.role === 'merchant' ? { accountIds: form.accountIds } : {}),
  };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ variables: { input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`User ${result.data.createUser.email} created`);
    onDone();
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput
          label="E-mail"
          type="email"
          required
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
          error={fields['/email']}
        />
        <TextInput
          label="Username"
          description="Optional: another name to sign in with, instead of the e-mail address"
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.currentTarget.value })}
          error={fields['/username']}
        />
        <PasswordInput
          label="Password"
          required
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
          error={fields['/password']}
        />
        <Select
          label="Role"
          data={roles.map((r) => ({ value: r, label: ROLE_LABEL[r] }))}
          value={form.role}
          onChange={(role) => role && setForm({ ...form, role: role as Role })}
          allowDeselect={false}
          error={fields['/role']}
        />
        {form.role === 'merchant' && (
          <MultiSelect
            label="Accounts"
            description="The accounts this merchant works in"
            data={accounts.map((a) => ({ value: a.id, label: a.name }))}
            value={form.accountIds}
            onChange={(accountIds) => setForm({ ...form, accountIds })}
            error={fields['/accountIds']}
            searchable
          />
        )}
        <FormError error={error} fields={all} />
        <SubmitRow label="Create user" loading={loading} />
      </Stack>
    </form>
  );
}
