import { useQuery } from '@apollo/client/react';
import { Badge, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Pager, useCursor } from '../../components/pager';
import { usePhone } from '../../components/phone';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatWhen } from '../../components/time';
import { graphql } from '../../gql';
import type { ActivityQuery } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { actionLabel, changeSummary, SUBJECTS } from './activity-words';

const ACTIVITY = graphql(`
  query Activity($accountId: ID, $locationId: ID, $action: String, $from: String, $to: String, $nextPageKey: String) {
    activity(
      accountId: $accountId
      locationId: $locationId
      action: $action
      from: $from
      to: $to
      limit: 50
      nextPageKey: $nextPageKey
    ) {
      data {
        id
        at
        action
        actor {
          type
          name
          viaApplicationName
        }
        sourceAddress
        subject {
          type
          name
        }
        changes
      }
      nextPageKey
    }
  }
`);

// The accounts to filter by: as many as the API lists at once (hubRules.maxPageLimit).
const ACTIVITY_ACCOUNTS = graphql(`
  query ActivityAccounts($limit: Int!) {
    accounts(limit: $limit) {
      data {
        id
        name
      }
    }
  }
`);

/** A day typed in the date field, as the start of that day in this browser's timezone (RFC 3339). */
function dayStart(day: string | null, plusDays = 0): string | null {
  if (!day) return null;
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type Entry = ActivityQuery['activity']['data'][number];
type Filters = ReturnType<typeof useActivityFilters>;

/** The filters, kept in the address; a change starts the list again from its first page. */
function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const cursor = useCursor();
  const filter = (name: string) => params.get(name) || null;
  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'accountId') next.delete('locationId');
    setParams(next, { replace: true });
    cursor.reset();
  };
  return { cursor, filter, setFilter };
}

/**
 * Who changed what, newest first, filtered by account, kind of record and days; the filters live in the
 * address (`?accountId=&locationId=&subject=&from=&to=`), so a location's page links to its own activity.
 */
export function ActivityScreen() {
  const filters = useActivityFilters();
  const { cursor, filter } = filters;
  const { data, loading, error } = useQuery(ACTIVITY, {
    variables: {
      accountId: filter('accountId'),
      locationId: filter('locationId'),
      action: filter('subject'),
      from: dayStart(filter('from')),
      to: dayStart(filter('to'), 1),
      nextPageKey: cursor.pageKey,
    },
    fetchPolicy: 'cache-and-network',
  });
  const entries = data?.activity.data ?? [];
  return (
    <Stack>
      <Title order={2}>Activity</Title>
      <Text size="sm" c="dimmed">
        Every change made by an operator or a partner: who, when, from where and what changed.
      </Text>
      <ActivityFilters filters={filters} />
      {loading && !data && <LoadingState label="Loading activity" />}
      {error && <ErrorState error={error} />}
      {data && entries.length === 0 && <EmptyState>No changes match these filters.</EmptyState>}
      {entries.length > 0 && <ActivityTable entries={entries} />}
      <Pager cursor={cursor} nextPageKey={data?.activity.nextPageKey} label="Activity" />
    </Stack>
  );
}

function ActivityFilters({ filters: { filter, setFilter } }: { filters: Filters }) {
  const { maxPageLimit } = useHubRules();
  const accounts = useQuery(ACTIVITY_ACCOUNTS, { variables: { limit: maxPageLimit } });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Account"
        placeholder="All accounts"
        clearable
        searchable
        data={(accounts.data?.accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        value={filter('accountId')}
        onChange={(value) => setFilter('accountId', value)}
        w={220}
      />
      <Select
        label="Changes to"
        placeholder="Everything"
        clearable
        data={SUBJECTS}
        value={filter('subject')}
        onChange={(value) => setFilter('subject', value)}
        w={180}
      />
      <TextInput
        type="date"
        label="From"
        value={filter('from') ?? ''}
        onChange={(event) => setFilter('from', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        value={filter('to') ?? ''}
        onChange={(event) => setFilter('to', event.currentTarget.value)}
      />
      {filter('locationId') && (
        <Badge variant="light" size="lg">
          One location
        </Badge>
      )}
    </Group>
  );
}

/** On a phone, who and when go under what changed, in the one column there is room for. */
function ActivityTable({ entries }: { entries: Entry[] }) {
  const phone = usePhone();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            {!phone && <Table.Th>Who</Table.Th>}
            {!phone && <Table.Th>When</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} phone={phone} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ActivityRow({ entry, phone }: { entry: Entry; phone: boolean }) {
  const summary = changeSummary(entry.changes ?? null);
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fw={500}>
          {actionLabel(entry.action)}
          {entry.subject.name ? `: ${entry.subject.name}` : ''}
        </Text>
        {summary && (
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
        )}
        {phone && (
          <Stack gap={0} mt={4}>
            <ActorText actor={entry.actor} sourceAddress={entry.sourceAddress} />
            <Text size="xs" c="dimmed">
              {formatWhen(entry.at)}
            </Text>
          </Stack>
        )}
      </Table.Td>
      {!phone && (
        <Table.Td style={{ overflowWrap: 'anywhere' }}>
          <ActorText actor={entry.actor} sourceAddress={entry.sourceAddress} />
        </Table.Td>
      )}
      {!phone && <Table.Td>{formatWhen(entry.at)}</Table.Td>}
    </Table.Tr>
  );
}

/** Who made the change: the user's e-mail or the application's name, through which application, from where. */
function ActorText({
  actor,
  sourceAddress,
}: {
  actor: { type: string; name?: string | null; viaApplicationName?: string | null };
  sourceAddress?: string | null;
}) {
  const detail = [
    actor.viaApplicationName && `via ${actor.viaApplicationName}`,
    sourceAddress && `from ${sourceAddress}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <Text size="sm">{actor.name ?? (actor.type === 'SYSTEM' ? 'Order Hub' : '—')}</Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}
