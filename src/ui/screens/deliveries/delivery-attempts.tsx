import { Table, Text } from '@mantine/core';
import { formatWhen } from '../../components/time';
import type { DeliveryQuery } from '../../gql/graphql';
import { attemptResult } from './delivery-status';

// A delivery's attempts, in the order they were made: when, what came back (and to which URL), how long it took
// and the start of the answer.

export function AttemptsTable({ attempts, now }: { attempts: DeliveryQuery['delivery']['attempts']; now: number }) {
  return attempts.length === 0 ? (
    <Text c="dimmed">Not attempted yet.</Text>
  ) : (
    // A phone shows when, what came back and the answer; the number and the duration on wider screens.
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label="Attempts" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th visibleFrom="sm">#</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th visibleFrom="sm">Duration</Table.Th>
            <Table.Th>Answer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((a) => {
            const ok = a.httpStatus != null && a.httpStatus >= 200 && a.httpStatus < 300;
            return (
              <Table.Tr key={`${a.attemptNumber}-${a.startedAt}`}>
                <Table.Td visibleFrom="sm">{a.attemptNumber}</Table.Td>
                <Table.Td>{formatWhen(a.startedAt, new Date(now))}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={ok ? 'teal' : 'red'}>
                    {attemptResult(a)}
                  </Text>
                  {/* The application's URL when the attempt was made: a corrected URL shows here. */}
                  {a.url && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      to {a.url}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{a.latencyMs} ms</Table.Td>
                <Table.Td maw={220}>
                  <Text size="xs" ff="monospace" truncate="end" title={a.responseExcerpt ?? ''}>
                    {a.responseExcerpt || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
