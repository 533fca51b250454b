import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { usePhone } from '../../components/phone';

// A week of opening hours to edit: a row per day with its ranges (several a day), "Add hours", and "Copy to…"
// that gives other days the same ranges. The rules (a range ends after it starts, none overlaps another, one
// past midnight is two) are the server's: its answer names the range, and the range shows the message.

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A range as the form holds it: `key` keeps a row's identity while it is edited. */
export interface EditableRange {
  key: string;
  dayOfWeek: number;
  start: string;
  end: string;
}

let keys = 0;
export const newKey = () => `range-${++keys}`;

/** Ranges as the API takes them, in the order the form shows them (day, then as entered): errors' indexes follow. */
export function inSentOrder(ranges: EditableRange[]): EditableRange[] {
  return [...ranges].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}

interface Props {
  /** Whose hours these are, for the labels ("Monday opens" or "FoodNow: Monday opens"). */
  owner?: string;
  ranges: EditableRange[];
  onChange(ranges: EditableRange[]): void;
  /** The server's message for a range's field (start, end) or the range itself (''), if any. */
  errorOf(range: EditableRange, field: 'start' | 'end' | ''): string | undefined;
  readOnly: boolean;
}

export function WeekGrid({ owner, ranges, onChange, errorOf, readOnly }: Props) {
  const phone = usePhone();
  const timeWidth = phone ? 116 : 128;
  // A phone's narrow fields keep "10:00 PM" whole with less padding.
  const timeStyles = phone ? { input: { paddingInline: 6 } } : undefined;
  const named = (text: string) => (owner ? `${owner}: ${text}` : text);
  const update = (key: string, change: Partial<EditableRange>) =>
    onChange(ranges.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table aria-label={named('Weekly opening hours')} verticalSpacing="xs">
        <Table.Tbody>
          {DAYS.map((day, index) => {
            const dayOfWeek = index + 1;
            const own = ranges.filter((r) => r.dayOfWeek === dayOfWeek);
            const hours = (
              <Stack gap={6}>
                {own.length === 0 && <Text c="dimmed">Closed</Text>}
                {own.map((range, i) => {
                  const nth = own.length > 1 ? ` (${i + 1})` : '';
                  // Each message once, under the range and as wide as it: the times are narrow fields.
                  const [startError, endError, rangeError] = [
                    errorOf(range, 'start'),
                    errorOf(range, 'end'),
                    errorOf(range, ''),
                  ];
                  const problems = [startError, endError, rangeError].filter(Boolean);
                  const messageId = `${range.key}-problem`;
                  // Mantine would set aria-describedby itself (to nothing, without its own error text): said here.
                  const described = (error: string | undefined) =>
                    error || rangeError
                      ? { error: true, withAria: false, 'aria-invalid': true, 'aria-describedby': messageId }
                      : {};
                  return (
                    <div key={range.key}>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <TextInput
                          type="time"
                          aria-label={named(`${day} opens${nth}`)}
                          value={range.start}
                          onChange={(e) => update(range.key, { start: e.currentTarget.value })}
                          {...described(startError)}
                          readOnly={readOnly}
                          w={timeWidth}
                          styles={timeStyles}
                        />
                        <Text pt={6}>–</Text>
                        <TextInput
                          type="time"
                          aria-label={named(`${day} closes${nth}`)}
                          title={range.end === '24:00' ? 'Midnight, the end of the day' : undefined}
                          value={range.end === '24:00' ? '00:00' : range.end}
                          onChange={(e) => update(range.key, { end: closing(e.currentTarget.value) })}
                          {...described(endError)}
                          readOnly={readOnly}
                          w={timeWidth}
                          styles={timeStyles}
                        />
                        {!readOnly && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            mt={4}
                            aria-label={named(`Remove ${day} ${range.start}–${range.end}`)}
                            onClick={() => onChange(ranges.filter((r) => r.key !== range.key))}
                          >
                            ×
                          </ActionIcon>
                        )}
                      </Group>
                      {problems.length > 0 && (
                        <Text id={messageId} size="sm" c="red" maw={420}>
                          {problems.join(' ')}
                        </Text>
                      )}
                    </div>
                  );
                })}
              </Stack>
            );
            const actions = !readOnly && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  aria-label={named(`Add hours to ${day}`)}
                  onClick={() => onChange([...ranges, newRange(dayOfWeek, own)])}
                >
                  Add hours
                </Button>
                <CopyDay
                  day={dayOfWeek}
                  label={named(`Copy ${day} to other days`)}
                  onCopy={(targets) => onChange(copied(ranges, dayOfWeek, targets))}
                />
              </Group>
            );
            // On a phone the day's name goes above its hours, so two times and their remove button fit the width.
            return phone ? (
              <Table.Tr key={day}>
                <Table.Td>
                  <Text fw={700} mb={4}>
                    {day}
                  </Text>
                  {hours}
                  <div style={{ marginTop: 8 }}>{actions}</div>
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={day}>
                <Table.Th w={120} style={{ verticalAlign: 'top' }}>
                  {day}
                </Table.Th>
                <Table.Td>{hours}</Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>{actions}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A time field's 00:00 as a closing time is the end of the day. */
function closing(value: string): string {
  return value === '00:00' ? '24:00' : value;
}

/** A new range after the day's last one (lunch, then dinner), or the usual lunch-to-evening one. */
function newRange(dayOfWeek: number, sameDay: EditableRange[]): EditableRange {
  const last = sameDay[sameDay.length - 1];
  if (last && last.end < '23:00' && last.end !== '24:00')
    return { key: newKey(), dayOfWeek, start: last.end, end: '23:00' };
  return { key: newKey(), dayOfWeek, start: '12:00', end: '22:00' };
}

/** The other days given the ranges of `from`, replacing theirs. */
function copied(ranges: EditableRange[], from: number, targets: number[]): EditableRange[] {
  const source = ranges.filter((r) => r.dayOfWeek === from);
  const kept = ranges.filter((r) => !targets.includes(r.dayOfWeek));
  const copies = targets.flatMap((dayOfWeek) => source.map((r) => ({ ...r, key: newKey(), dayOfWeek })));
  return [...kept, ...copies];
}

function CopyDay({ day, label, onCopy }: { day: number; label: string; onCopy(targets: number[]): void }) {
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
