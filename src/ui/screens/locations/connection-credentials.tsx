import { useMutation } from '@apollo/client/react';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../components/errors';
import { SubmitRow } from '../../components/form-footer';
import { notifyDone } from '../../components/notify';
import { graphql } from '../../gql';

// A connection's credentials at the partner, entered as name and value pairs: when connecting, and again later
// (a partner's API key rotated) without disconnecting. The hub stores them encrypted and shows them masked.

const UPDATE_CONNECTION = graphql(`
  mutation UpdateConnection($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateConnectionInput!) {
    updateConnection(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {
      id
      credentials
    }
  }
`);

interface CredentialPair {
  key: string;
  value: string;
}

/** The pairs with a name, as the credentials object; null when there is none. */
function credentialsFrom(pairs: CredentialPair[]): Record<string, string> | null {
  const entries = pairs.filter((p) => p.key.trim());
  return entries.length ? Object.fromEntries(entries.map((p) => [p.key.trim(), p.value])) : null;
}

function CredentialPairs({
  pairs,
  onChange,
}: {
  pairs: CredentialPair[];
  onChange: (pairs: CredentialPair[]) => void;
}) {
  const set = (i: number, change: Partial<CredentialPair>) =>
    onChange(pairs.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <>
      {pairs.map((pair, i) => (
        <Group key={i} align="flex-end" wrap="nowrap">
          <TextInput
            label={`Credential ${i + 1} name`}
            value={pair.key}
            onChange={(e) => set(i, { key: e.currentTarget.value })}
          />
          <TextInput
            label={`Credential ${i + 1} value`}
            type="password"
            value={pair.value}
            onChange={(e) => set(i, { value: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove credential ${i + 1}`}
            onClick={() => onChange(pairs.filter((_, j) => j !== i))}
            mb={4}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => onChange([...pairs, { key: '', value: '' }])}>
          Add credential
        </Button>
      </Group>
    </>
  );
}

/**
 * Credential pairs under a sentence that says what they are for; `onSubmit` gets the credentials object (null when
 * no pair has a name). The server's refusal shows above the button.
 */
export function CredentialsForm({
  intro,
  submitLabel,
  loading,
  error,
  onSubmit,
}: {
  intro: string;
  submitLabel: string;
  loading: boolean;
  error: Error | undefined;
  onSubmit: (credentials: Record<string, string> | null) => Promise<void>;
}) {
  const [pairs, setPairs] = useState<CredentialPair[]>([{ key: '', value: '' }]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit(credentialsFrom(pairs));
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">{intro}</Text>
        <CredentialPairs pairs={pairs} onChange={setPairs} />
        {error && (
          <Alert color="red" role="alert">
            {messageOf(error)}
          </Alert>
        )}
        <SubmitRow label={submitLabel} loading={loading} />
      </Stack>
    </form>
  );
}

/** New credentials for an active connection: they replace the old ones (none entered removes them). */
export function ChangeCredentialsForm({
  accountId,
  locationId,
  connection,
  onDone,
}: {
  accountId: string;
  locationId: string;
  connection: { id: string; name: string };
  onDone: () => Promise<void>;
}) {
  const [update, { loading, error }] = useMutation(UPDATE_CONNECTION);

  async function onSubmit(credentials: Record<string, string> | null) {
    const input = { credentials };
    const result = await update({ variables: { accountId, locationId, id: connection.id, input } }).catch(() => null);
    if (!result?.data) return;
    notifyDone(`${connection.name}: credentials changed`);
    await onDone();
  }

  return (
    <CredentialsForm
      intro="The credentials replace the ones this location has at the partner; everything the hub sends the partner from now on carries them. Leave every name empty to remove them."
      submitLabel="Save credentials"
      loading={loading}
      error={error}
      onSubmit={onSubmit}
    />
  );
}
