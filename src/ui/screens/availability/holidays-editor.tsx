import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { newKey } from './week-grid';

// Holiday closures: closed from one time to another, whatever the hours say, with a reason the marketplaces
// are given. The times are typed on the location's clock (zoned-input.ts); the server checks them.

export interface EditableHoliday {
  key: string;
  /** datetime-local values, on the location's clock. */
  from: string;
  to: string;
  reason: string;
}

interface Props {
  holidays: EditableHoliday[];
  onChange(holidays: EditableHoliday[]): void;
  errorOf(index: number, field: 'from' | 'to' | 'reason'): string | undefined;
  /** "Europe/Amsterdam", said next to the fields. */
  timeZone: string;
  readOnly: boolean;
}

export function HolidaysEditor({ holidays, onChange, errorOf, timeZone, readOnly }: Props) {
  const update = (key: string, change: Partial<EditableHoliday>) =>
    onChange(holidays.map((h) => (h.key === key ? { ...h, ...change } : h)));
  return (
    <Stack gap="sm">
      {holidays.length === 0 && <Text c="dimmed">No holiday closures.</Text>}
      {holidays.map((holiday, index) => (
        <Group key={holiday.key} align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            type="datetime-local"
            label={`Closed from (${timeZone})`}
            value={holiday.from}
            onChange={(e) => update(holiday.key, { from: e.currentTarget.value })}
            error={errorOf(index, 'from')}
            readOnly={readOnly}
            w={240}
          />
          <TextInput
            type="datetime-local"
            label={`Open again at (${timeZone})`}
            value={holiday.to}
            onChange={(e) => update(holiday.key, { to: e.currentTarget.value })}
            error={errorOf(index, 'to')}
            readOnly={readOnly}
            w={240}
          />
          <TextInput
            label="Reason"
            description="Given to the marketplaces"
            value={holiday.reason}
            onChange={(e) => update(holiday.key, { reason: e.currentTarget.value })}
            error={errorOf(index, 'reason')}
            readOnly={readOnly}
            miw={200}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove the holiday ${holiday.reason || index + 1}`}
              onClick={() => onChange(holidays.filter((h) => h.key !== holiday.key))}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => onChange([...holidays, { key: newKey(), from: '', to: '', reason: '' }])}
          >
            Add a holiday
          </Button>
        </Group>
      )}
    </Stack>
  );
}
