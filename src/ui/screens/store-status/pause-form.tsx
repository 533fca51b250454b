import { useMutation } from '@apollo/client/react';
import { Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/field-errors';
import { FormError, SubmitRow } from '../../components/form-footer';
import { SET_STORE_STATUS, STORE_STATUS } from './store-status-documents';

// Pausing a store: until when (it reopens by itself then, docs/contract.md "Operations") or until someone reopens it,
// and why, in words the marketplaces pass on. The resume time is sent as an absolute RFC 3339 instant.

const RESUME_CHOICES = [
  { value: '15', label: 'In 15 min' },
  { value: '30', label: 'In 30 min' },
  { value: '60', label: 'In 1 hour' },
  { value: 'at', label: 'At a time' },
  { value: 'never', label: 'No, I reopen it' },
];

/** The instant a choice means, or null (reopened by hand); undefined when "At a time" is still empty. */
function resumeAt(choice: string, at: string, now: number): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'at') return at ? new Date(at).toISOString() : undefined;
  return new Date(now + Number(choice) * 60_000).toISOString();
}

export function PauseForm({ accountId, locationId }: { accountId: string; locationId: string }) {
  const [choice, setChoice] = useState('30');
  const [at, setAt] = useState('');
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [save, { loading, error }] = useMutation(SET_STORE_STATUS, {
    refetchQueries: [STORE_STATUS],
  });
  // The time as chosen, not as computed: "in 30 minutes" stays the same choice while the clock moves.
  const { fields, all } = useFieldErrors(error, {
    closedUntil: choice === 'at' ? at : choice,
    closedReason: reason.trim() || null,
    closedReasonNotes: notes.trim() || null,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const closedUntil = resumeAt(choice, at, Date.now());
    if (closedUntil === undefined) return;
    const input = {
      storeStatus: 'OFFLINE' as const,
      closedUntil,
      closedReason: reason.trim() || null,
      closedReasonNotes: notes.trim() || null,
    };
    await save({ variables: { accountId, locationId, input } }).catch(() => null);
  }

  return (
    <form onSubmit={onSubmit} aria-label="Pause the store">
      <Stack gap="sm">
        <Title order={4}>Pause the store</Title>
        <Radio.Group label="Reopen by itself" value={choice} onChange={setChoice}>
          <Group gap="md" mt={6}>
            {RESUME_CHOICES.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        {choice === 'at' && (
          <TextInput
            type="datetime-local"
            label="Reopen at"
            required
            value={at}
            onChange={(e) => setAt(e.currentTarget.value)}
            error={fields['/closedUntil']}
            w={260}
          />
        )}
        {choice !== 'at' && fields['/closedUntil'] && (
          <Text c="red" size="sm">
            {fields['/closedUntil']}
          </Text>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Reason"
            description="Sent to the marketplaces, e.g. TOO_BUSY"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fields['/closedReason']}
            miw={220}
          />
          <TextInput
            label="Notes"
            description="Optional words for the marketplaces"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={fields['/closedReasonNotes']}
            miw={220}
          />
        </Group>
        <FormError error={error} fields={all} />
        <SubmitRow label="Pause store" loading={loading} />
      </Stack>
    </form>
  );
}
