import { useQuery } from '@apollo/client/react';
import { Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Crumbs } from '../../components/crumbs';
import { codeOf } from '../../components/errors';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { accountTrail, LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { ACCOUNT_NAME, ORDER_REPORT } from './report-documents';
import { ReportDownloads } from './report-download';
import { daysIn, MAX_HOURLY_DAYS, useReportRange } from './report-range';
import { MarketplaceTable, ReportTiles } from './report-totals';

// The charts and their libraries (about 140 kB gzip) load only when a report is shown.
const ReportCharts = lazy(() => import('./report-charts'));

/** A location's Reports screen: its orders over a range of its own days. */
export function LocationReports() {
  const { accountId = '', locationId = '' } = useParams();
  return (
    <ReportView
      accountId={accountId}
      locationId={locationId}
      crumbs={<LocationCrumbs accountId={accountId} locationId={locationId} here="Reports" />}
      exports={`/v1/accounts/${accountId}/locations/${locationId}/exports`}
    />
  );
}

/** An account's Reports screen: every location of it the operator reaches, each on its own days. */
export function AccountReports() {
  const { accountId = '' } = useParams();
  const { data } = useQuery(ACCOUNT_NAME, { variables: { accountId } });
  return (
    <ReportView
      accountId={accountId}
      locationId={null}
      crumbs={<Crumbs trail={[...accountTrail(accountId, data?.account.name), { label: 'Reports' }]} />}
      exports={`/v1/accounts/${accountId}/exports`}
    />
  );
}

const GRANULARITIES = [
  { value: 'HOUR', label: 'Hour' },
  { value: 'DAY', label: 'Day' },
  { value: 'WEEK', label: 'Week' },
];

function ReportView({
  accountId,
  locationId,
  crumbs,
  exports,
}: {
  accountId: string;
  locationId: string | null;
  crumbs: ReactNode;
  exports: string;
}) {
  const range = useReportRange();
  const { from, to, granularity, problem } = range;
  const { data, previousData, loading, error } = useQuery(ORDER_REPORT, {
    variables: { accountId, locationId, from, to, granularity },
    skip: problem !== null,
  });
  if (codeOf(error) === 'not_found') return <NotFound />;
  // While another range loads, the last one stays on screen (no flash of a spinner for each day typed).
  const report = (data ?? previousData)?.orderReport;
  const hourly = daysIn(from, to) <= MAX_HOURLY_DAYS;
  return (
    <Stack>
      {crumbs}
      <Title order={2}>Reports</Title>
      <Text size="sm" c="dimmed">
        Orders placed from {from} to {to}, counted on{' '}
        {report?.timezone ? `the location's days (${report.timezone})` : "each location's own days"}. Test orders never
        count.
      </Text>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput type="date" label="From" value={from} onChange={(e) => range.set({ from: e.currentTarget.value })} />
        <TextInput
          type="date"
          label="To"
          value={to}
          error={problem}
          onChange={(e) => range.set({ to: e.currentTarget.value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-granularity">
            By
          </Text>
          <SegmentedControl
            aria-labelledby="report-granularity"
            value={granularity}
            onChange={(value) => range.set({ granularity: value })}
            data={GRANULARITIES.map((g) => ({ ...g, disabled: g.value === 'HOUR' && !hourly }))}
          />
        </Stack>
      </Group>
      <ReportDownloads base={exports} from={from} to={to} disabled={problem !== null} />
      {loading && !report && <LoadingState label="Loading the report" />}
      {error && <ErrorState error={error} />}
      {report && problem === null && (
        <>
          <ReportTiles totals={report.totals} />
          {report.totals.orders === 0 ? (
            <EmptyState>No orders were placed in this range.</EmptyState>
          ) : (
            <>
              <Suspense fallback={<LoadingState label="Loading the charts" />}>
                <ReportCharts report={report} />
              </Suspense>
              <Title order={3} size="h4">
                Per marketplace
              </Title>
              <MarketplaceTable report={report} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
