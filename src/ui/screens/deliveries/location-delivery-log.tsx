import { useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { codeOf } from '../../components/errors';
import { useLiveFallback } from '../../components/live';
import { useCursor } from '../../components/pager';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { LOCATION_DELIVERIES, LOCATION_DELIVERY_EVENTS } from './delivery-documents';
import type { DeliveryFilter } from './delivery-filters';
import { DeliveryLogView } from './delivery-log';

/** A location's delivery log, live through locationDeliveryChanged (every attempt, retry and outcome). */
export function LocationDeliveryLog() {
  const { accountId = '', locationId = '' } = useParams();
  const [filter, setFilter] = useState<DeliveryFilter>({ status: null, eventType: null });
  const cursor = useCursor();
  const list = useQuery(LOCATION_DELIVERIES, { variables: { accountId, locationId, ...filter, nextPageKey: cursor.pageKey } });
  const refresh = useCoalesced(() => list.refetch());
  const events = useSubscription(LOCATION_DELIVERY_EVENTS, { variables: { accountId, locationId }, onData: refresh });
  const live = useLiveFallback(events, list);
  if (codeOf(list.error) === 'not_found') return <NotFound />;
  return (
    <DeliveryLogView
      crumbs={<LocationCrumbs accountId={accountId} locationId={locationId} here="Delivery log" />}
      live={live}
      filter={filter}
      onFilter={setFilter}
      cursor={cursor}
      page={list.data && { rows: list.data.locationDeliveries.data, nextPageKey: list.data.locationDeliveries.nextPageKey }}
      loading={list.loading}
      error={list.error}
    />
  );
}
