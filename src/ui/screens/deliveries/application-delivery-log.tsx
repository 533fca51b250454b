import { useQuery, useSubscription } from '@apollo/client/react';
import { useParams } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { Crumbs } from '../../components/crumbs';
import { codeOf } from '../../components/errors';
import { useLiveFallback } from '../../components/live';
import { graphql } from '../../gql';
import { NotFound } from '../not-found';
import { APPLICATION_DELIVERIES, APPLICATION_DELIVERY_EVENTS } from './delivery-documents';
import { DeliveryLogView, useDeliveryLogState } from './delivery-log';

const APPLICATION_NAME = graphql(`
  query ApplicationName($id: ID!) {
    application(id: $id) {
      id
      name
    }
  }
`);

/** Everything sent to one application, across its locations, live through applicationDeliveryChanged. */
export function ApplicationDeliveryLog() {
  const { applicationId = '' } = useParams();
  const state = useDeliveryLogState();
  const name = useQuery(APPLICATION_NAME, { variables: { id: applicationId } });
  const list = useQuery(APPLICATION_DELIVERIES, { variables: { applicationId, ...state.variables } });
  const refresh = useCoalesced(() => list.refetch());
  const events = useSubscription(APPLICATION_DELIVERY_EVENTS, { variables: { applicationId }, onData: refresh });
  const live = useLiveFallback(events, list);
  if (codeOf(list.error) === 'not_found' || codeOf(name.error) === 'not_found') return <NotFound />;
  const crumbs = (
    <Crumbs
      trail={[
        { label: 'Applications', to: '/applications' },
        { label: name.data?.application.name ?? '…', to: `/applications/${applicationId}` },
        { label: 'Delivery log' },
      ]}
    />
  );
  return (
    <DeliveryLogView
      crumbs={crumbs}
      live={live}
      state={state}
      page={
        list.data && {
          rows: list.data.applicationDeliveries.data,
          nextPageKey: list.data.applicationDeliveries.nextPageKey,
        }
      }
      loading={list.loading}
      error={list.error}
    />
  );
}
