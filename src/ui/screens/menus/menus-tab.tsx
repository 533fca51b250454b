import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFieldErrors } from '../../components/field-errors';
import { FormError, SubmitRow } from '../../components/form-footer';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatWhen } from '../../components/time';
import { useViewer } from '../../viewer';
import { CREATE_MENU, MENUS } from './menu-documents';

type Ids = { accountId: string; locationId: string };

/** The menus of a location: each with its size and what is out of stock, and a new one. */
export function MenusTab({ accountId, locationId }: Ids) {
  const viewer = useViewer();
  const cursor = useCursor();
  const { data, loading, error } = useQuery(MENUS, {
    variables: { accountId, locationId, nextPageKey: cursor.pageKey },
    fetchPolicy: 'cache-and-network',
  });
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const base = `/accounts/${accountId}/locations/${locationId}/menus`;
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          A menu is built from catalog products; each item keeps following its product unless you override it.
        </Text>
        {viewer.permissions.editMenus && <Button onClick={() => setCreating(true)}>Create menu</Button>}
      </Group>
      {loading && !data && <LoadingState label="Loading menus" />}
      {error && <ErrorState error={error} />}
      {data &&
        (data.menus.data.length === 0 ? (
          <EmptyState>
            No menu yet.
            {viewer.permissions.editMenus ? ' Create one, then add products from the catalog.' : ''}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label="Menus">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Menu</Table.Th>
                  <Table.Th>Items</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.menus.data.map((menu) => {
                  const out = menu.items.filter((i) => !i.show_online).length;
                  return (
                    <Table.Tr key={menu.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`${base}/${menu.id}`}>
                          {menu.name}
                        </Anchor>
                        {menu.description && (
                          <Text size="xs" c="dimmed">
                            {menu.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {menu.items.length}
                          {out > 0 && (
                            <Badge color="red" variant="light">
                              {out} out of stock
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{formatWhen(menu.updatedAt)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <Pager cursor={cursor} nextPageKey={data?.menus.nextPageKey} label="Menus" />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create menu">
        <CreateMenuForm accountId={accountId} locationId={locationId} onCreated={(id) => navigate(`${base}/${id}`)} />
      </Modal>
    </Stack>
  );
}

/** Name and description; the items are added next, on the menu's own screen, from the catalog. */
function CreateMenuForm({ accountId, locationId, onCreated }: Ids & { onCreated(id: string): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [create, { loading, error }] = useMutation(CREATE_MENU, {
    refetchQueries: [MENUS],
  });
  const input = { name, description: description.trim() || null };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ variables: { accountId, locationId, input } }).catch(() => null);
    if (result?.data) onCreated(result.data.createMenu.id);
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput
          label="Menu name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields['/name']}
          data-autofocus
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fields['/description']}
          autosize
          minRows={2}
        />
        <FormError error={error} fields={all} />
        <SubmitRow label="Create menu" loading={loading} />
      </Stack>
    </form>
  );
}
