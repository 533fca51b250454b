import { Alert, Button, Group } from '@mantine/core';
import { messageOf } from './errors';

// The end of every form: the error that belongs to no field (field errors stand next to their fields), then
// the one submit button, named for what it does ("Create user", "Save location") so it can be found by name.

/** The server's error when no field carries it; nothing otherwise. */
export function FormError({ error, fields }: { error: unknown; fields: Record<string, string> }) {
  if (!error || Object.keys(fields).length > 0) return null;
  return (
    <Alert color="red" role="alert">
      {messageOf(error)}
    </Alert>
  );
}

/** The form's submit button, at the right. */
export function SubmitRow({ label, loading }: { label: string; loading: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </Group>
  );
}
