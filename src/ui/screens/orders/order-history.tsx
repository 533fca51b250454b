import { Table, Text } from '@mantine/core';
import { formatWhenThere, zoneLabel } from '../../components/time';

// Who moved the order where, and when. Words stay whole, even on a phone: the reason goes under its status
// and the actor's role under its name, so no column needs more than its longest word. Only a name longer
// than the column (one without spaces) breaks. Times are on the location's clock, which the heading names when the
// browser keeps another.

interface Change {
  status: string;
  at: string;
  by: string;
  byName?: string | null;
  reason?: string | null;
}

export function StatusHistory({ changes, timeZone }: { changes: Change[]; timeZone: string }) {
  return (
    <Table aria-label="Status history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Th>{zoneLabel('When', timeZone)}</Table.Th>
          <Table.Th>By</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              {change.status}
              {change.reason && (
                <Text size="xs" c="dimmed">
                  {change.reason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{formatWhenThere(change.at, timeZone)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'break-word' }}>
              {change.byName ?? change.by}
              {change.byName && (
                <Text size="xs" c="dimmed">
                  {change.by}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
