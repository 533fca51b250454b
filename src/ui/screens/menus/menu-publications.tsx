import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Badge, Button, Code, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { LiveBadge, useLiveFallback } from '../../components/live';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatWhen } from '../../components/time';
import { PUBLICATION_EVENTS, PUBLICATIONS, PUBLISH_MENU } from './menu-documents';
import { notifyFailure } from '../../components/notify';
import { attemptsLabel } from '../deliveries/delivery-status';
import { useHubRules } from '../../hub-rules';
import type { MenuPublicationsQuery } from '../../gql/graphql';

// Publishing a menu to a connected marketplace. The publication is a MENU_PUBLISHED
// delivery through the outbox, so it starts PENDING; the menuPublicationChanged subscription (graphql-ws, fed
// by LISTEN/NOTIFY) tells the screen when it is delivered or failed, and the list is read again then. While
// the socket is down the list is polled instead (components/live.tsx).

const LOOK: Record<string, { color: string; label: string }> = {
  PENDING: { color: 'gray', label: 'Pending' },
  DELIVERED: { color: 'teal', label: 'Delivered' },
  FAILED: { color: 'red', label: 'Failed' },
};

/** Publications shown at first, and how many more each "Show older publications" adds. */
const PAGE = 10;

type Ids = { accountId: string; locationId: string; menuId: string };
type Publication = MenuPublicationsQuery['menuPublications']['data'][number];

export function MenuPublications({ ids, editable }: { ids: Ids; editable: boolean }) {
  const { query, data, live, limit, setLimit, refresh } = useLivePublications(ids);
  const most = useHubRules().maxPageLimit;
  const { error } = query;
  const marketplaces = (data?.availableApplications.data ?? []).filter(
    (a) => a.kind === 'MARKETPLACE' && a.connected && a.connectionId,
  );
  const nameOf = new Map(marketplaces.map((m) => [m.connectionId!, m.name]));

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Publish</Title>
          <LiveBadge state={live} />
        </Group>
        {error && <ErrorState error={error} />}
        {!data && !error && <LoadingState label="Loading publications" />}
        {data && editable && <PublishControls ids={ids} marketplaces={marketplaces} onPublished={refresh} />}
        {data &&
          (data.menuPublications.data.length === 0 ? (
            <EmptyState>This menu has not been published yet.</EmptyState>
          ) : (
            <PublicationsTable ids={ids} publications={data.menuPublications.data} nameOf={nameOf} />
          ))}
        {data?.menuPublications.hasNextPage &&
          (limit < most ? (
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => setLimit((shown) => Math.min(shown + PAGE, most))}
                loading={query.loading}
              >
                Show older publications
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              The {most} latest publications are shown; the API lists the rest (GET …/menus/{ids.menuId}/publications).
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}

/** The latest publications and the marketplaces, read again on every publication event (polled while offline). */
function useLivePublications(ids: Ids) {
  // The latest `limit` publications, newest first: showing older ones asks for a longer list rather than a
  // next page, so a live refresh (refetch) reads back everything on screen, not only the first page.
  const [limit, setLimit] = useState(PAGE);
  // The marketplaces to publish to: all the API lists at once.
  const most = useHubRules().maxPageLimit;
  const query = useQuery(PUBLICATIONS, {
    variables: { ...ids, limit, most },
    fetchPolicy: 'cache-and-network',
  });
  const refresh = useCoalesced(() => query.refetch());
  const events = useSubscription(PUBLICATION_EVENTS, {
    variables: ids,
    onData: () => refresh(),
  });
  const live = useLiveFallback(events, query);
  // While a longer list loads, the shorter one stays on screen.
  const data = query.data ?? query.previousData;
  return { query, data, live, limit, setLimit, refresh };
}

/** The marketplace to publish to (chosen already when there is one) and Publish menu. */
function PublishControls({
  ids,
  marketplaces,
  onPublished,
}: {
  ids: Ids;
  marketplaces: { connectionId?: string | null; name: string }[];
  onPublished(): void;
}) {
  const [publish, publishing] = useMutation(PUBLISH_MENU);
  const [target, setTarget] = useState<string | null>(null);
  const chosen = target ?? (marketplaces.length === 1 ? marketplaces[0].connectionId! : null);

  const onPublish = async () => {
    if (!chosen) return;
    // Success shows as the new publication, Pending, in the list below.
    await publish({ variables: { ...ids, connectionId: chosen } }).catch(notifyFailure);
    onPublished();
  };

  return (
    <Group align="flex-end" wrap="wrap">
      {marketplaces.length === 0 ? (
        <Text size="sm" c="dimmed">
          No marketplace is connected to this location. Connect one on the Connections tab to publish.
        </Text>
      ) : (
        <>
          <Select
            label="Marketplace"
            data={marketplaces.map((m) => ({
              value: m.connectionId!,
              label: m.name,
            }))}
            value={chosen}
            onChange={setTarget}
            placeholder="Choose a marketplace"
            w={280}
            allowDeselect={false}
          />
          <Button onClick={onPublish} loading={publishing.loading} disabled={!chosen}>
            Publish menu
          </Button>
        </>
      )}
    </Group>
  );
}

function PublicationsTable({
  ids,
  publications,
  nameOf,
}: {
  ids: Ids;
  publications: Publication[];
  nameOf: Map<string, string>;
}) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table aria-label="Publications" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Marketplace</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Partner's answer</Table.Th>
            <Table.Th visibleFrom="sm">Delivered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {publications.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                {nameOf.get(p.connectionId) ?? 'A marketplace no longer connected'}
                <Text size="xs" c="dimmed">
                  Published {formatWhen(p.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={LOOK[p.status].color} variant="light">
                  {LOOK[p.status].label}
                </Badge>
                <Text size="xs" c="dimmed">
                  {attemptsLabel(p.attempts)}
                </Text>
              </Table.Td>
              <Table.Td maw={360}>
                <PartnerAnswer ids={ids} publication={p} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{p.deliveredAt ? formatWhen(p.deliveredAt) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What the marketplace answered (or the error), and the delivery behind it while the log keeps it. */
function PartnerAnswer({ ids, publication: p }: { ids: Ids; publication: Publication }) {
  return (
    <>
      {p.lastError && (
        <Text size="sm" c="red">
          {p.lastError}
        </Text>
      )}
      {p.partnerAnswer ? (
        <Code
          block
          style={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            maxHeight: 96,
            overflow: 'auto',
          }}
        >
          {p.partnerAnswer}
        </Code>
      ) : (
        !p.lastError && (
          <Text size="sm" c="dimmed">
            {p.status === 'PENDING' ? 'No answer yet' : 'Accepted'}
          </Text>
        )
      )}
      {p.deliveryRetained ? (
        <Anchor
          component={Link}
          size="xs"
          to={`/accounts/${ids.accountId}/locations/${ids.locationId}/deliveries?delivery=${p.deliveryId}`}
        >
          Open the delivery
        </Anchor>
      ) : (
        // The delivery log keeps delivered deliveries for a while only; the publication stays.
        <Text size="xs" c="dimmed">
          No longer in the delivery log
        </Text>
      )}
    </>
  );
}
