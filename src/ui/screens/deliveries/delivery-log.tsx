import { Drawer, Group, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LiveBadge, type LiveState } from '../../components/live';
import { Pager, useCursor } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import type { DeliveryRowFragment } from '../../gql/graphql';
import { DeliveryDetail, DeliveryTitle } from './delivery-detail';
import { DeliveryFilters, type DeliveryFilter } from './delivery-filters';
import { DeliveryTable } from './delivery-table';

/** The filters and the page a delivery log is on; `variables` is what its list query adds to the source's ids. */
export function useDeliveryLogState() {
  const [filter, setFilter] = useState<DeliveryFilter>({ status: null, eventType: null });
  const cursor = useCursor();
  return { filter, setFilter, cursor, variables: { ...filter, nextPageKey: cursor.pageKey } };
}

/**
 * The delivery log of one source (a location, an application): filters, a page of
 * deliveries newest first, and the open delivery in a drawer. The open delivery is in the address
 * (?delivery=<id>), so a link from elsewhere (the home page's failing deliveries) opens it.
 */
export function DeliveryLogView(props: {
  crumbs: ReactNode;
  /** What the source offers besides its log (a location's Retry all failed). */
  actions?: ReactNode;
  /** What the reader should know first (a location's failing partners). */
  notice?: ReactNode;
  live: LiveState;
  state: ReturnType<typeof useDeliveryLogState>;
  page: { rows: DeliveryRowFragment[]; nextPageKey?: string | null } | undefined;
  loading: boolean;
  error: unknown;
}) {
  const { filter, setFilter, cursor } = props.state;
  const [params, setParams] = useSearchParams();
  const open = params.get('delivery');
  const setOpen = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('delivery', id);
      else p.delete('delivery');
      return p;
    });
  return (
    <Stack>
      {props.crumbs}
      <Group justify="space-between">
        <Title order={2}>Delivery log</Title>
        <Group gap="md">
          {props.actions}
          <LiveBadge state={props.live} />
        </Group>
      </Group>
      {props.notice}
      <DeliveryFilters
        filter={filter}
        onChange={(next) => {
          cursor.reset();
          setFilter(next);
        }}
      />
      {props.error ? <ErrorState error={props.error} /> : null}
      {props.loading && !props.page && <LoadingState label="Loading the deliveries" />}
      {props.page &&
        (props.page.rows.length === 0 ? (
          <EmptyState>
            {filter.status || filter.eventType
              ? 'No delivery matches these filters.'
              : 'Nothing has been sent from here yet.'}
          </EmptyState>
        ) : (
          <DeliveryTable rows={props.page.rows} onOpen={setOpen} />
        ))}
      <Pager cursor={cursor} nextPageKey={props.page?.nextPageKey} label="Deliveries" />
      <Drawer
        opened={Boolean(open)}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open && <DeliveryTitle id={open} />}
      >
        {open && <DeliveryDetail id={open} />}
      </Drawer>
    </Stack>
  );
}
