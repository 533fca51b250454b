import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { formatMoney } from '../../components/money';
import {
  acceptanceChart,
  mainCurrency,
  marketplaceSeries,
  ordersRows,
  reasonRows,
  revenueRows,
  type Report,
} from './report-series';

// The Reports screen's charts (@mantine/charts on recharts). This module and its libraries are a chunk of their
// own, loaded when a report is first shown: the first load of /ui stays within its budget
// (test/unit/ui-first-load.test.ts). The recharts accessibility layer lets the keyboard walk a chart's points
// (arrow keys) with the tooltip following; each chart is a figure named by its title.

const HEIGHT = 260;

function ChartCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="figure" aria-labelledby={id} m={0}>
      <Title order={3} size="h5" id={id} mb={note ? 0 : 'sm'}>
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed" mb="sm">
          {note}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** Ticks on the period axis that fit: about one per 50 px on a phone's width. */
const periodAxis = { interval: 'preserveStartEnd' as const, minTickGap: 16 };

export default function ReportCharts({ report }: { report: Report }) {
  const series = marketplaceSeries(report);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title="Orders per marketplace">
        <BarChart
          h={HEIGHT}
          data={ordersRows(report)}
          dataKey="period"
          series={series}
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          xAxisProps={periodAxis}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          accessibilityLayer
        />
      </ChartCard>
      <RevenueChart report={report} series={series} />
      <AcceptanceChart report={report} />
      <ReasonsChart report={report} />
    </SimpleGrid>
  );
}

/** Revenue in the currency most orders were paid in; the others are only named (their totals are in the table). */
function RevenueChart({ report, series }: { report: Report; series: ReturnType<typeof marketplaceSeries> }) {
  const currency = mainCurrency(report);
  const others = report.totals.revenue.slice(1).map((r) => r.currency);
  return (
    <ChartCard
      title="Revenue per marketplace"
      note={
        currency
          ? `In ${currency}, orders not rejected or cancelled${others.length ? ` (also paid in ${others.join(', ')}: see the totals)` : ''}`
          : 'No order carried a total'
      }
    >
      <AreaChart
        h={HEIGHT}
        data={currency ? revenueRows(report, currency) : []}
        dataKey="period"
        series={series}
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        xAxisProps={periodAxis}
        yAxisProps={{ width: 80 }}
        valueFormatter={(value) => formatMoney(value, currency)}
        withDots={false}
        curveType="linear"
        accessibilityLayer
      />
    </ChartCard>
  );
}

function AcceptanceChart({ report }: { report: Report }) {
  const acceptance = acceptanceChart(report);
  return (
    <ChartCard
      title="Time to accept"
      note="From placed to accepted: half of the orders within p50, nine in ten within p90"
    >
      <LineChart
        h={HEIGHT}
        data={acceptance.rows}
        dataKey="period"
        series={[
          { name: 'p50', label: 'p50', color: 'teal.6' },
          { name: 'p90', label: 'p90', color: 'orange.6' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        xAxisProps={periodAxis}
        yAxisProps={{ width: 50 }}
        unit={acceptance.unit}
        connectNulls
        curveType="linear"
        accessibilityLayer
      />
    </ChartCard>
  );
}

function ReasonsChart({ report }: { report: Report }) {
  const reasons = reasonRows(report);
  return (
    <ChartCard title="Rejected and cancelled, by reason">
      {reasons.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          No order was rejected or cancelled in this range.
        </Text>
      ) : (
        <BarChart
          h={Math.max(140, 48 * reasons.length + 60)}
          data={reasons}
          dataKey="reason"
          orientation="vertical"
          type="stacked"
          series={[
            { name: 'rejected', label: 'Rejected', color: 'red.6' },
            { name: 'cancelled', label: 'Cancelled', color: 'gray.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="x"
          yAxisProps={{ width: 150 }}
          xAxisProps={{ allowDecimals: false }}
          accessibilityLayer
        />
      )}
    </ChartCard>
  );
}
