import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { formatMoney } from '../../components/money';
import type { ReportFiguresFragment } from '../../gql/graphql';
import { formatDuration, type Report } from './report-series';

// The report's figures in words and numbers: the totals as tiles read at a glance, and a table with a row per
// marketplace (what a screen reader reads instead of the charts).

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

const revenueText = (figures: ReportFiguresFragment) =>
  figures.revenue.length ? figures.revenue.map((r) => formatMoney(r.amount, r.currency)).join(' + ') : '—';

export function ReportTiles({ totals }: { totals: ReportFiguresFragment }) {
  const basket = totals.revenue[0];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <Tile label="Orders" value={String(totals.orders)} detail={`${totals.accepted} accepted`} />
      <Tile label="Revenue" value={revenueText(totals)} />
      <Tile label="Average basket" value={basket ? formatMoney(basket.averageBasket, basket.currency) : '—'} />
      <Tile
        label="Time to accept"
        value={formatDuration(totals.acceptanceTime?.p50Ms)}
        detail={totals.acceptanceTime ? `p50; p90 ${formatDuration(totals.acceptanceTime.p90Ms)}` : 'none accepted'}
      />
      <Tile label="Rejected" value={String(totals.rejected.count)} detail={`${totals.cancelled.count} cancelled`} />
      <Tile label="Failed deliveries" value={String(totals.failedDeliveries)} detail="given up after every retry" />
    </SimpleGrid>
  );
}

export function MarketplaceTable({ report }: { report: Report }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Figures per marketplace">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Marketplace</Table.Th>
            <Table.Th ta="right">Orders</Table.Th>
            <Table.Th ta="right">Revenue</Table.Th>
            <Table.Th ta="right">Accept p50 / p90</Table.Th>
            <Table.Th ta="right">Rejected</Table.Th>
            <Table.Th ta="right">Cancelled</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.marketplaces.map(({ applicationId, name, figures }) => (
            <Table.Tr key={applicationId}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
              <Table.Td ta="right">{figures.orders}</Table.Td>
              <Table.Td ta="right">{revenueText(figures)}</Table.Td>
              <Table.Td ta="right">
                {figures.acceptanceTime
                  ? `${formatDuration(figures.acceptanceTime.p50Ms)} / ${formatDuration(figures.acceptanceTime.p90Ms)}`
                  : '—'}
              </Table.Td>
              <Table.Td ta="right">{figures.rejected.count}</Table.Td>
              <Table.Td ta="right">{figures.cancelled.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
