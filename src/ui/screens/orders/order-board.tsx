import { Grid, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { codeOf } from '../../components/errors';
import { LiveBadge } from '../../components/live';
import { ErrorState } from '../../components/states';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { BusyModeControl } from '../availability/busy-mode-control';
import { AcceptanceWarning } from './acceptance-warning';
import { useBoardEvents } from './board-events';
import { BoardFilters, NewOrdersBanner, StatusTabs } from './board-filters';
import { BoardList } from './board-list';
import { useBoardList } from './board-list-state';
import { OrderCueSwitch, useOrderCue } from './order-cue';
import { OrderDetail } from './order-detail';
import { TestOrderButton } from './test-order-button';
import { DeliveryAlerts } from '../deliveries/delivery-alerts';

// The live order board of a location: a tab per status with its count, the orders in it newest
// first, and an order's detail with the actions the server allows from its status. Pushed by the orderBoard
// subscription (graphql-ws); while the socket is down the board polls instead. Which actions exist and
// every rule behind them come from the server (allowedTransitions, orderCancellationReasons). "Find an order"
// searches every status at once (the order a customer calls about, by its number, reference or their name).
// What is listed is board-list-state.ts; how it stays live, board-events.ts.

export function OrderBoard() {
  const { accountId = '', locationId = '' } = useParams();
  const [selected, setSelected] = useState<string | null>(null);
  const cue = useOrderCue();
  const list = useBoardList(accountId, locationId);
  const events = useBoardEvents({ accountId, locationId, list, selected, cue });
  if (codeOf(list.board.error) === 'not_found') return <NotFound />;

  return (
    <Stack>
      <LocationCrumbs accountId={accountId} locationId={locationId} here="Order board" />
      <Group justify="space-between">
        <Title order={2}>Orders</Title>
        <Group gap="md">
          <TestOrderButton accountId={accountId} locationId={locationId} />
          <OrderCueSwitch cue={cue} />
          <LiveBadge state={events.live} />
        </Group>
      </Group>
      <BusyModeControl accountId={accountId} locationId={locationId} />
      <AcceptanceWarning
        accountId={accountId}
        locationId={locationId}
        changes={events.changes}
        cue={cue}
        timeZone={list.timeZone}
      />
      <DeliveryAlerts accountId={accountId} locationId={locationId} changes={events.changes} />
      <NewOrdersBanner arrived={events.arrived} onClose={events.dismissArrived} />
      {list.board.error && <ErrorState error={list.board.error} />}
      <BoardFilters list={list} />
      <StatusTabs list={list} />
      {/* The list and the open order side by side on a wide screen, one above the other on a narrow one. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          <BoardList list={list} selected={selected} onSelect={setSelected} />
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <OrderDetail accountId={accountId} locationId={locationId} orderId={selected} onChanged={events.refresh} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
