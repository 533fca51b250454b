import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { usePhone } from '../../components/phone';
import { CopyDay } from './copy-day';
import { DAYS } from './week-days';

// A week of opening hours to edit: a row per day with its ranges (several a day), "Add hours", and "Copy to…"
// that gives other days the same ranges. The rules (a range ends after it starts, none overlaps another, one
// past midnight is two) are the server's: its answer names the range, and the range shows the message.

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
  const grid: Grid = {
    ranges,
    onChange,
    errorOf,
    readOnly,
    phone,
    named: (text: string) => (owner ? `${owner}: ${text}` : text),
    update: (key: string, change: Partial<EditableRange>) =>
      onChange(ranges.map((r) => (r.key === key ? { ...r, ...change } : r))),
  };
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table aria-label={grid.named('Weekly opening hours')} verticalSpacing="xs">
        <Table.Tbody>
          {DAYS.map((day, index) => (
            <DayRow key={day} grid={grid} day={day} dayOfWeek={index + 1} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What a day's row needs of the grid. */
interface Grid extends Omit<Props, 'owner'> {
  phone: boolean;
  /** A label with the owner's name before it, when the hours are a marketplace's. */
  named(text: string): string;
  update(key: string, change: Partial<EditableRange>): void;
}

function DayRow({ grid, day, dayOfWeek }: { grid: Grid; day: string; dayOfWeek: number }) {
  const { ranges, onChange, named } = grid;
  const own = ranges.filter((r) => r.dayOfWeek === dayOfWeek);
  const hours = (
    <Stack gap={6}>
      {own.length === 0 && <Text c="dimmed">Closed</Text>}
      {own.map((range, i) => (
        <RangeFields key={range.key} grid={grid} day={day} range={range} nth={own.length > 1 ? ` (${i + 1})` : ''} />
      ))}
    </Stack>
  );
  const actions = !grid.readOnly && (
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
  return grid.phone ? (
    <Table.Tr>
      <Table.Td>
        <Text fw={700} mb={4}>
          {day}
        </Text>
        {hours}
        <div style={{ marginTop: 8 }}>{actions}</div>
      </Table.Td>
    </Table.Tr>
  ) : (
    <Table.Tr>
      <Table.Th w={120} style={{ verticalAlign: 'top' }}>
        {day}
      </Table.Th>
      <Table.Td>{hours}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>{actions}</Table.Td>
    </Table.Tr>
  );
}

/** A range's opening and closing times, its remove button, and the server's messages about it. */
function RangeFields({ grid, day, range, nth }: { grid: Grid; day: string; range: EditableRange; nth: string }) {
  const { named, update, readOnly, errorOf } = grid;
  const timeWidth = grid.phone ? 116 : 128;
  // A phone's narrow fields keep "10:00 PM" whole with less padding.
  const timeStyles = grid.phone ? { input: { paddingInline: 6 } } : undefined;
  // Each message once, under the range and as wide as it: the times are narrow fields.
  const [startError, endError, rangeError] = [errorOf(range, 'start'), errorOf(range, 'end'), errorOf(range, '')];
  const problems = [startError, endError, rangeError].filter(Boolean);
  const messageId = `${range.key}-problem`;
  // Mantine would set aria-describedby itself (to nothing, without its own error text): said here.
  const described = (error: string | undefined) =>
    error || rangeError ? { error: true, withAria: false, 'aria-invalid': true, 'aria-describedby': messageId } : {};
  return (
    <div>
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
            onClick={() => grid.onChange(grid.ranges.filter((r) => r.key !== range.key))}
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
