import { useMutation } from '@apollo/client/react';
import { Anchor, Badge, Button, Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyFailure } from '../../components/notify';
import { graphql } from '../../gql';
import type { EventType, SendTestEventMutation } from '../../gql/graphql';
import { useViewer } from '../../viewer';

// "Send test event" beside each of the application's URLs: a sample of an event type it receives there, sent now
// through the delivery engine (sendTestEvent, the same as POST /v1/applications/{id}/test-events), and what the
// partner answered, with the delivery it left in the log. Which types go to which URL is the server's answer
// (receivesEvents), so the choice offered is exactly what the server would send.

const SEND_TEST_EVENT = graphql(`
  mutation SendTestEvent($applicationId: ID!, $eventType: EventType!) {
    sendTestEvent(applicationId: $applicationId, eventType: $eventType) {
      deliveryId
      eventType
      url
      status
      httpStatus
      latencyMs
      responseExcerpt
      error
    }
  }
`);

/** The URL fields that receive events, as the form labels them. */
const URL_LABELS: Record<string, string> = {
  webhookUrl: 'Webhook URL',
  menuPublicationUrl: 'Menu publication URL',
  storeStatusUrl: 'Store status URL',
};

type Result = SendTestEventMutation['sendTestEvent'];

export interface TestEventTarget {
  id: string;
  receivesEvents: { eventType: EventType; urlField: string }[];
  webhookUrl?: string | null;
  menuPublicationUrl?: string | null;
  storeStatusUrl?: string | null;
}

/** One row per saved URL that receives events; nothing for an operator who may not send them. */
export function TestEvents({ app }: { app: TestEventTarget }) {
  const viewer = useViewer();
  if (!viewer.permissions.sendTestEvents) return null;
  const saved: Record<string, string | null | undefined> = {
    webhookUrl: app.webhookUrl,
    menuPublicationUrl: app.menuPublicationUrl,
    storeStatusUrl: app.storeStatusUrl,
  };
  const fields = [...new Set(app.receivesEvents.map((r) => r.urlField))].filter((field) => saved[field]);
  if (fields.length === 0) return null;
  return (
    <Stack component="section" aria-label="Test events">
      <Title order={3} size="h4">
        Test events
      </Title>
      <Text size="sm" c="dimmed">
        A signed sample, marked test, sent now to the saved URL: what the partner answers shows here and in the delivery
        log.
      </Text>
      {fields.map((field) => (
        <TestEventRow
          key={field}
          applicationId={app.id}
          label={URL_LABELS[field] ?? field}
          url={saved[field]!}
          eventTypes={app.receivesEvents.filter((r) => r.urlField === field).map((r) => r.eventType)}
        />
      ))}
    </Stack>
  );
}

function TestEventRow({
  applicationId,
  label,
  url,
  eventTypes,
}: {
  applicationId: string;
  label: string;
  url: string;
  eventTypes: EventType[];
}) {
  const [eventType, setEventType] = useState<EventType>(eventTypes[0]!);
  const [result, setResult] = useState<Result | null>(null);
  const [send, { loading }] = useMutation(SEND_TEST_EVENT);
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}:{' '}
        <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
      </Text>
      <Group gap="xs" align="end">
        <Select
          label="Event type"
          data={eventTypes}
          value={eventType}
          onChange={(value) => value && setEventType(value as EventType)}
          allowDeselect={false}
          w={260}
          maw="100%"
        />
        <Button
          variant="light"
          loading={loading}
          onClick={() =>
            send({ variables: { applicationId, eventType } })
              .then(({ data }) => data && setResult(data.sendTestEvent))
              .catch(notifyFailure)
          }
        >
          Send test event
        </Button>
      </Group>
      {result && <PartnerAnswer applicationId={applicationId} result={result} />}
    </Stack>
  );
}

/** What the partner answered: the outcome, its status and time, the start of its body, and the delivery. */
function PartnerAnswer({ applicationId, result }: { applicationId: string; result: Result }) {
  const answered = result.httpStatus != null ? `HTTP ${result.httpStatus}` : 'No answer';
  return (
    <Stack gap={4} role="status" aria-label={`Answer to ${result.eventType}`}>
      <Group gap="xs">
        <Badge color={result.status === 'DELIVERED' ? 'teal' : 'red'}>{result.status}</Badge>
        <Text size="sm">
          {result.eventType}: {answered} in {result.latencyMs} ms
        </Text>
        <Anchor
          component={Link}
          to={`/applications/${applicationId}/deliveries?delivery=${result.deliveryId}`}
          size="sm"
        >
          Open the delivery
        </Anchor>
      </Group>
      {result.error && (
        <Text size="sm" c="red">
          {result.error}
        </Text>
      )}
      {result.responseExcerpt && (
        <Code block aria-label="Start of the answer" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {result.responseExcerpt}
        </Code>
      )}
    </Stack>
  );
}
