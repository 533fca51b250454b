import { useMutation, useQuery } from '@apollo/client/react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useFieldErrors } from '../../components/field-errors';
import { Pager, useCursor } from '../../components/pager';
import { SecretsShownOnce, type ShownSecrets } from '../../components/secrets-shown-once';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { ApplicationKind, ApplicationSecretsFragment } from '../../gql/graphql';
import { ApplicationUrlFields, urlInput, urlsOf } from './application-fields';
import { FormError, SubmitRow } from '../../components/form-footer';

const APPLICATIONS = graphql(`
  query Applications($kind: ApplicationKind!, $nextPageKey: String) {
    applications(kind: $kind, limit: 25, nextPageKey: $nextPageKey) {
      data {
        id
        kind
        name
        clientId
        connectionsCount
      }
      nextPageKey
    }
  }
`);

const CREATE_APPLICATION = graphql(`
  mutation CreateApplication($input: CreateApplicationInput!) {
    createApplication(input: $input) {
      name
      ...ApplicationSecrets
    }
  }
`);

/** The secrets a registration or a rotation answers with, shown once (secretsOf); the same selection for both. A fragment the documents spread by name; codegen reads it from this call. */
graphql(`
  fragment ApplicationSecrets on ApplicationWithSecrets {
    id
    clientId
    clientSecret
    webhookSecret
  }
`);

export function secretsOf(title: string, app: ApplicationSecretsFragment): ShownSecrets {
  return {
    title,
    values: [
      { label: 'Client ID', value: app.clientId },
      { label: 'Client secret', value: app.clientSecret },
      { label: 'Webhook secret', value: app.webhookSecret },
    ],
  };
}

export function ApplicationsList() {
  const [kind, setKind] = useState<ApplicationKind>('POS');
  const cursor = useCursor();
  const { data, loading, error } = useQuery(APPLICATIONS, { variables: { kind, nextPageKey: cursor.pageKey } });
  const [registering, { open, close }] = useDisclosure(false);
  const [secrets, setSecrets] = useState<ShownSecrets | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Applications</Title>
        <Button onClick={open}>Register application</Button>
      </Group>
      <SegmentedControl
        value={kind}
        onChange={(value) => {
          setKind(value as ApplicationKind);
          cursor.reset();
        }}
        data={[
          { value: 'POS', label: 'POS' },
          { value: 'MARKETPLACE', label: 'Marketplaces' },
        ]}
        aria-label="Kind of application"
        w="fit-content"
      />
      {loading && <LoadingState label="Loading applications" />}
      {error && <ErrorState error={error} />}
      {data && data.applications.data.length === 0 && (
        <EmptyState>No {kind === 'POS' ? 'POS' : 'marketplace'} application yet.</EmptyState>
      )}
      {data && data.applications.data.length > 0 && (
        // The client id (on the application's own screen too) waits for a wider screen than a phone's.
        <Table.ScrollContainer minWidth={300}>
          <Table striped highlightOnHover aria-label="Applications">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th visibleFrom="sm">Client ID</Table.Th>
                <Table.Th>Connections</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.applications.data.map((app) => (
                <Table.Tr key={app.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/applications/${app.id}`}>
                      {app.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{app.kind}</Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" ff="monospace">
                      {app.clientId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{app.connectionsCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager cursor={cursor} nextPageKey={data?.applications.nextPageKey} label="Applications" />
      <Modal opened={registering} onClose={close} title="Register application" size="lg">
        <RegisterForm
          onCreated={(created) => {
            close();
            // Stay here: the secrets dialog must not go away before the operator closes it.
            setSecrets(secretsOf(`${created.name} registered`, created));
          }}
        />
      </Modal>
      <SecretsShownOnce secrets={secrets} onClose={() => setSecrets(null)} />
    </Stack>
  );
}

function RegisterForm({ onCreated }: { onCreated: (app: ApplicationSecretsFragment & { name: string }) => void }) {
  const [kind, setKind] = useState<ApplicationKind>('POS');
  const [name, setName] = useState('');
  const [urls, setUrls] = useState(urlsOf({ redirectUris: [], scopes: [] }));
  const [create, { loading, error }] = useMutation(CREATE_APPLICATION, { refetchQueries: [APPLICATIONS] });
  const input = { kind, name, ...urlInput(urls, kind) };
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ variables: { input } }).catch(() => null);
    if (result?.data) onCreated(result.data.createApplication);
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as ApplicationKind)}
          data={[
            { value: 'POS', label: 'POS' },
            { value: 'MARKETPLACE', label: 'Marketplace' },
          ]}
          aria-label="Kind"
        />
        <TextInput
          label="Application name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields['/name']}
        />
        <ApplicationUrlFields kind={kind} value={urls} onChange={setUrls} errors={fields} />
        <FormError error={error} fields={all} />
        <SubmitRow label="Register application" loading={loading} />
      </Stack>
    </form>
  );
}
