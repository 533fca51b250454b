import { Button, Group, Text, TextInput } from '@mantine/core';
import { otherPlace } from '../../components/time-format';
import type { PlacedDays } from './placed-range';

// The board's date range: the orders placed from one day to another (both included), days of the location's
// clock (placed-range.ts), said so when the browser keeps another. Empty on either side: no bound there.

export function PlacedDaysFilter({
  days,
  timeZone,
  onChange,
}: {
  days: PlacedDays;
  timeZone: string | undefined;
  onChange(days: PlacedDays): void;
}) {
  const elsewhere = timeZone ? otherPlace(timeZone) : null;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        type="date"
        label="Placed from"
        value={days.from}
        max={days.to || undefined}
        onChange={(e) => onChange({ ...days, from: e.currentTarget.value })}
        disabled={!timeZone}
        w={160}
      />
      <TextInput
        type="date"
        label="Placed to"
        value={days.to}
        min={days.from || undefined}
        onChange={(e) => onChange({ ...days, to: e.currentTarget.value })}
        disabled={!timeZone}
        w={160}
      />
      {(days.from || days.to) && (
        <Button variant="subtle" size="xs" mb={6} onClick={() => onChange({ from: '', to: '' })}>
          All days
        </Button>
      )}
      {elsewhere && (days.from || days.to) && (
        <Text size="xs" c="dimmed" mb={8}>
          Days in {elsewhere} time
        </Text>
      )}
    </Group>
  );
}
