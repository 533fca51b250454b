import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Crumbs } from '../../components/crumbs';
import { ConfirmButton } from '../../components/confirm-button';
import { codeOf } from '../../components/errors';
import { useFieldErrors } from '../../components/field-errors';
import { SecretsShownOnce, type ShownSecrets } from '../../components/secrets-shown-once';
import { ErrorState, LoadingState } from '../../components/states';
import { graphql } from '../../gql';
import type { ApplicationQuery } from '../../gql/graphql';
import { NotFound } from '../not-found';
import { ApplicationUrlFields, urlInput, urlsOf } from './application-fields';
import { secretsOf } from './applications-list';
import { FormError, SubmitRow } from '../../components/form-footer';
import { notifyDone, notifyFailure } from '../../components/notify';
import { counted } from '../../components/counted';
import { TestEvents } from './test-events';

const APPLICATION = graphql(`
  query Application($id: ID!) {
    application(id: $id) {
      id
      kind
      name
      clientId
      ...ApplicationUrlSettings
      connectionsCount
      receivesEvents {
        eventType
        urlField
      }
    }
  }
`);

const UPDATE_APPLICATION = graphql(`
  mutation UpdateApplication($id: ID!, $input: UpdateApplicationInput!) {
    updateApplication(id: $id, input: $input) {
      id
      ...ApplicationUrlSettings
      receivesEvents {
        eventType
        urlField
      }
    }
  }
`);

const ROTATE_SECRET = graphql(`
  mutation RotateApplicationSecret($id: ID!) {
    rotateApplicationSecret(id: $id) {
      ...ApplicationSecrets
    }
  }
`);

export function ApplicationDetail() {
  const { applicationId = '' } = useParams();
  const { data, loading, error } = useQuery(APPLICATION, { variables: { id: applicationId } });
  const [rotate, rotating] = useMutation(ROTATE_SECRET);
  const [secrets, setSecrets] = useState<ShownSecrets | null>(null);
  if (codeOf(error) === 'not_found') return <NotFound />;
  if (loading) return <LoadingState label="Loading the application" />;
  if (error || !data) return <ErrorState error={error} />;
  const app = data.application;
  return (
    <Stack maw={760}>
      <Crumbs trail={[{ label: 'Applications', to: '/applications' }, { label: app.name }]} />
      <Group justify="space-between">
        <Group>
          <Title order={2}>{app.name}</Title>
          <Badge variant="light">{app.kind}</Badge>
        </Group>
        <Group gap="xs">
          <Button component={Link} to={`/applications/${app.id}/deliveries`} variant="light">
            Delivery log
          </Button>
          <ConfirmButton
            variant="default"
            label="Rotate secret"
            title="Rotate the secrets?"
            message="A new client secret and webhook secret replace the current ones at once: the application must be given them before it can get tokens or check webhooks again."
            confirmLabel="Rotate"
            loading={rotating.loading}
            onConfirm={async () => {
              try {
                const result = await rotate({ variables: { id: app.id } });
                if (result.data)
                  setSecrets(secretsOf(`New secrets for ${app.name}`, result.data.rotateApplicationSecret));
              } catch (e) {
                notifyFailure(e);
              }
            }}
          />
        </Group>
      </Group>
      <Text size="sm">
        Client ID:{' '}
        <Text span ff="monospace">
          {app.clientId}
        </Text>{' '}
        · {counted(app.connectionsCount, 'connection')}
      </Text>
      <EditUrls app={app} />
      <TestEvents app={app} />
      <SecretsShownOnce secrets={secrets} onClose={() => setSecrets(null)} />
    </Stack>
  );
}

function EditUrls({ app }: { app: ApplicationQuery['application'] }) {
  const [urls, setUrls] = useState(() => urlsOf(app));
  const [update, { loading, error }] = useMutation(UPDATE_APPLICATION);
  const input = urlInput(urls, app.kind, true);
  const { fields, all } = useFieldErrors(error, input);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ variables: { id: app.id, input } }).catch(() => null);
    if (result?.data) notifyDone('Application saved');
  }

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Title order={3} size="h4">
          URLs and scopes
        </Title>
        <ApplicationUrlFields kind={app.kind} value={urls} onChange={setUrls} errors={fields} />
        <FormError error={error} fields={all} />
        <SubmitRow label="Save application" loading={loading} />
      </Stack>
    </form>
  );
}
