import { useMutation, useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Code, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '../../components/states';
import type { DeliveryQuery } from '../../gql/graphql';
import { formatWhen, useNow } from '../../components/time';
import { useViewer } from '../../viewer';
import { DELIVERY, RETRY_DELIVERY } from './delivery-documents';
import { attemptsLabel, canRetryNow, DeliveryStatusBadge, isRetrying } from './delivery-status';
import { AttemptsTable } from './delivery-attempts';
import { TimeCell } from './delivery-table';
import { eventLabel, recipientLabel } from './event-words';

type Delivery = DeliveryQuery['delivery'];

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
      <DeliveryFacts delivery={d} now={now} />

      <Title order={4}>Attempts</Title>
      <AttemptsTable attempts={d.attempts} now={now} />

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

/** Where it goes, under which webhook-id, when it was made and delivered, when it is tried next. */
function DeliveryFacts({ delivery: d, now }: { delivery: Delivery; now: number }) {
  return (
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
