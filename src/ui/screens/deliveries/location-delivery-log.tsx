import { useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { codeOf } from '../../components/errors';
import { useLiveFallback } from '../../components/live';
import { LocationCrumbs } from '../locations/location-crumbs';
import { NotFound } from '../not-found';
import { LOCATION_DELIVERIES, LOCATION_DELIVERY_EVENTS } from './delivery-documents';
import { DeliveryLogView, useDeliveryLogState } from './delivery-log';
import { DeliveryAlerts } from './delivery-alerts';
import { RetryAllFailed } from './retry-all-failed';

/** A location's delivery log, live through locationDeliveryChanged (every attempt, retry and outcome). */
export function LocationDeliveryLog() {
  const { accountId = '', locationId = '' } = useParams();
  const state = useDeliveryLogState();
  const list = useQuery(LOCATION_DELIVERIES, { variables: { accountId, locationId, ...state.variables } });
  const refresh = useCoalesced(() => list.refetch());
  const [changes, setChanges] = useState(0);
  const events = useSubscription(LOCATION_DELIVERY_EVENTS, {
    variables: { accountId, locationId },
    onData: () => {
      refresh();
      setChanges((n) => n + 1);
    },
  });
  const live = useLiveFallback(events, list);
  if (codeOf(list.error) === 'not_found') return <NotFound />;
  return (
    <DeliveryLogView
      crumbs={<LocationCrumbs accountId={accountId} locationId={locationId} here="Delivery log" />}
      actions={<RetryAllFailed accountId={accountId} locationId={locationId} />}
      notice={<DeliveryAlerts accountId={accountId} locationId={locationId} changes={changes} logLink={false} />}
      live={live}
      state={state}
      page={
        list.data && { rows: list.data.locationDeliveries.data, nextPageKey: list.data.locationDeliveries.nextPageKey }
      }
      loading={list.loading}
      error={list.error}
    />
  );
}
