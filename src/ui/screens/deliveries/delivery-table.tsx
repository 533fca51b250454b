import { Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatRelative, formatWhen, useNow } from '../../components/time';
import type { DeliveryRowFragment } from '../../gql/graphql';
import { DeliveryStatusBadge, isRetrying } from './delivery-status';
import { eventLabel, recipientLabel } from './event-words';

/**
 * One page of the delivery log, newest first; a row opens its delivery. A phone shows what needs acting on:
 * the event with its status and attempts under it, and the next retry.
 */
export function DeliveryTable({ rows, onOpen }: { rows: DeliveryRowFragment[]; onOpen(id: string): void }) {
  const now = useNow();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover aria-label="Deliveries" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th visibleFrom="md">To</Table.Th>
            <Table.Th visibleFrom="sm">Status</Table.Th>
            <Table.Th visibleFrom="sm">Attempts</Table.Th>
            <Table.Th visibleFrom="md">Last attempt</Table.Th>
            <Table.Th>Next retry</Table.Th>
            <Table.Th visibleFrom="md">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={500} onClick={() => onOpen(d.id)} title={d.eventType}>
                  {eventLabel(d.eventType)}
                </Anchor>
                <Group gap={6} mt={4} hiddenFrom="sm" wrap="nowrap">
                  <DeliveryStatusBadge delivery={d} />
                  <Text size="xs" c="dimmed">
                    <AttemptsSummary delivery={d} />
                  </Text>
                </Group>
              </Table.Td>
              {/* The partner by name; its URL on hover, and in the delivery's detail. */}
              <Table.Td maw={280} visibleFrom="md">
                <Text size="sm" truncate="end" title={d.url}>
                  {recipientLabel(d.applicationName)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <DeliveryStatusBadge delivery={d} />
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <AttemptsSummary delivery={d} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                {d.lastAttemptAt ? <TimeCell iso={d.lastAttemptAt} now={now} /> : '—'}
              </Table.Td>
              <Table.Td>
                {isRetrying(d) && d.nextAttemptAt ? <TimeCell iso={d.nextAttemptAt} now={now} /> : '—'}
              </Table.Td>
              <Table.Td visibleFrom="md">
                <TimeCell iso={d.createdAt} now={now} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "3 · HTTP 503": how many attempts, and the last one's error while it is not delivered. */
function AttemptsSummary({ delivery: d }: { delivery: DeliveryRowFragment }) {
  return (
    <>
      {d.attemptCount}
      {d.lastError && d.status !== 'DELIVERED' ? (
        <Text span inherit c="red">
          {' '}
          · {d.lastError}
        </Text>
      ) : null}
    </>
  );
}

/** "in 59 min", with the clock time beside it. */
export function TimeCell({ iso, now }: { iso: string; now: number }) {
  return (
    <Tooltip label={new Date(iso).toLocaleString()}>
      <Text span size="sm">
        {formatRelative(iso, now)}{' '}
        <Text span size="xs" c="dimmed">
          ({formatWhen(iso, new Date(now))})
        </Text>
      </Text>
    </Tooltip>
  );
}
