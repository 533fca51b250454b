import { useMutation, useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Code, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '../../components/states';
import { formatWhen, useNow } from '../../components/time';
import { useViewer } from '../../viewer';
import { DELIVERY, RETRY_DELIVERY } from './delivery-documents';
import { attemptResult, attemptsLabel, canRetryNow, DeliveryStatusBadge, isRetrying } from './delivery-status';
import { TimeCell } from './delivery-table';
import { eventLabel, recipientLabel } from './event-words';

/**
 * One delivery: where it goes, every attempt (time, HTTP status or error, duration, the start of the answer),
 * when it is retried next, the payload as sent with credentials masked by the server, and Retry now.
 * Kept current by the log's subscription, whose events carry these same fields.
 */
export function DeliveryDetail({ id }: { id: string }) {
  const { data, loading, error } = useQuery(DELIVERY, { variables: { id } });
  // The retry's answer is not written to the cache: it is the delivery as of the replay (PENDING), and the
  // worker may have delivered it, and the subscription pushed DELIVERED, before that answer arrives. Written
  // last, it would put the stale state back for good. The subscription's pushes (the replay's own included)
  // are read one after the other on the server, each the delivery as it is then, so they alone keep the
  // detail current.
  const [retry, retrying] = useMutation(RETRY_DELIVERY, { fetchPolicy: 'no-cache' });
  const now = useNow();
  // The server says who may retry (the operation's declaration): an operator who may not only reads the log.
  const mayRetry = useViewer().permissions.retryDeliveries;
  if (loading && !data) return <LoadingState label="Loading the delivery" />;
  if (error) return <ErrorState error={error} />;
  if (!data) return null;
  const d = data.delivery;

  // No toast: the detail itself shows the new attempt and the outcome as they happen (live).
  async function onRetry() {
    await retry({ variables: { id } }).catch(() => null);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <DeliveryStatusBadge delivery={d} />
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {attemptsLabel(d.attemptCount)}
          </Badge>
        </Group>
        {canRetryNow(d) && mayRetry && (
          <Button onClick={() => void onRetry()} loading={retrying.loading}>
            Retry now
          </Button>
        )}
      </Group>
      {retrying.error && <ErrorState error={retrying.error} title="Not retried" />}
      {d.status === 'FAILED' && (
        <Alert color="red" title="No retry left">
          The hub gave up on this delivery{d.lastError ? ` (${d.lastError})` : ''}. Retry now sends it again with the
          same webhook-id.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Field label="To">
          {recipientLabel(d.applicationName)}
          <Text span display="block" size="xs" c="dimmed">
            {d.url}
          </Text>
        </Field>
        <Field label="webhook-id">{d.eventId}</Field>
        <Field label="Created">{formatWhen(d.createdAt, new Date(now))}</Field>
        <Field label="Delivered">{d.deliveredAt ? formatWhen(d.deliveredAt, new Date(now)) : 'not yet'}</Field>
        <Field label="Next retry">
          {isRetrying(d) && d.nextAttemptAt ? <TimeCell iso={d.nextAttemptAt} now={now} /> : '—'}
        </Field>
        <Field label="Request">{d.requestId ?? '—'}</Field>
      </SimpleGrid>

      <Title order={4}>Attempts</Title>
      {d.attempts.length === 0 ? (
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
              {d.attempts.map((a) => {
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
      )}

      <Title order={4}>Payload</Title>
      <Text size="sm" c="dimmed">
        As sent, with the connection's credentials masked.
      </Text>
      <ScrollArea.Autosize mah={360} type="auto">
        <Code block aria-label="Payload">
          {JSON.stringify(d.payload, null, 2)}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** "Order created delivery": the drawer's name, from the same (cached) query as the detail. */
export function DeliveryTitle({ id }: { id: string }) {
  const { data } = useQuery(DELIVERY, { variables: { id } });
  return <Title order={3}>{data ? `${eventLabel(data.delivery.eventType)} delivery` : 'Delivery'}</Title>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
