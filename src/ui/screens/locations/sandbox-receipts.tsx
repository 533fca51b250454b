import { useQuery } from '@apollo/client/react';
import { Accordion, Code, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatWhen } from '../../components/time';
import { graphql } from '../../gql';

// What the sandbox marketplace received at this location (sandboxReceipts): the last body of each kind, as a real
// marketplace would have been sent it, so an operator trying the hub without partners sees the menu they
// published arrive. Shown only once something has arrived: a location without the sandbox has nothing here.

const SANDBOX_RECEIPTS = graphql(`
  query SandboxReceipts($accountId: ID!, $locationId: ID!) {
    sandboxReceipts(accountId: $accountId, locationId: $locationId) {
      connectionId
      eventType
      eventId
      receivedAt
      body
    }
  }
`);

/** A menu's name and size at a glance (the body says the rest when opened). */
function summaryOf(body: { menu?: { name?: string; items?: unknown[] } }): string {
  const menu = body.menu;
  if (!menu?.name) return '';
  const items = menu.items?.length ?? 0;
  return ` · ${menu.name}, ${items} item${items === 1 ? '' : 's'}`;
}

export function SandboxReceipts({ accountId, locationId }: { accountId: string; locationId: string }) {
  // Fresh on every visit: what arrived since is the point of looking.
  const { data } = useQuery(SANDBOX_RECEIPTS, {
    variables: { accountId, locationId },
    fetchPolicy: 'cache-and-network',
  });
  const receipts = data?.sandboxReceipts ?? [];
  if (receipts.length === 0) return null;
  return (
    <Stack component="section" aria-label="Received by the sandbox marketplace" gap="xs">
      <Title order={3} size="h4">
        Received by the sandbox marketplace
      </Title>
      <Text size="sm" c="dimmed">
        The last of each kind, as it arrived (signed and verified), newest first.
      </Text>
      <Accordion variant="separated" multiple>
        {receipts.map((r) => (
          <Accordion.Item key={`${r.connectionId}-${r.eventType}`} value={`${r.connectionId}-${r.eventType}`}>
            <Accordion.Control>
              {r.eventType} · {formatWhen(r.receivedAt)}
              {summaryOf(r.body)}
            </Accordion.Control>
            <Accordion.Panel>
              <ScrollArea.Autosize mah={480}>
                <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {JSON.stringify(r.body, null, 2)}
                </Code>
              </ScrollArea.Autosize>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
