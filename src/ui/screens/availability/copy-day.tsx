import { Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { useState } from 'react';
import { DAYS } from './week-days';

// "Copy to…" of a day of the week grid: the other days to give the same hours, chosen in a popover.

export function CopyDay({ day, label, onCopy }: { day: number; label: string; onCopy(targets: number[]): void }) {
  const [opened, setOpened] = useState(false);
  const others = DAYS.map((name, i) => ({ name, dayOfWeek: i + 1 })).filter((d) => d.dayOfWeek !== day);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" aria-label={label} onClick={() => setOpened((o) => !o)}>
          Copy to…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Checkbox.Group label={`Give these days ${DAYS[day - 1]}'s hours`} value={chosen} onChange={setChosen}>
            <Stack gap={4} mt={6}>
              {others.map((d) => (
                <Checkbox key={d.dayOfWeek} value={String(d.dayOfWeek)} label={d.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={() => setChosen(others.map((d) => String(d.dayOfWeek)))}>
              All
            </Button>
            <Button
              size="xs"
              disabled={chosen.length === 0}
              onClick={() => {
                onCopy(chosen.map(Number));
                setChosen([]);
                setOpened(false);
              }}
            >
              Copy
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
