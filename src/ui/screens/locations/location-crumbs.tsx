import { useQuery } from '@apollo/client/react';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { Link } from 'react-router';
import { graphql } from '../../gql';

const LOCATION_NAMES = graphql(`
  query LocationNames($accountId: ID!, $locationId: ID!) {
    account(id: $accountId) {
      id
      name
    }
    location(id: $locationId, accountId: $accountId) {
      id
      name
    }
  }
`);

/** Accounts › account › location › `here`: where a screen of a location sits, each step a link back. */
export function LocationCrumbs({ accountId, locationId, here }: { accountId: string; locationId: string; here: string }) {
  const { data } = useQuery(LOCATION_NAMES, { variables: { accountId, locationId } });
  return (
    <Breadcrumbs>
      <Anchor component={Link} to="/accounts">
        Accounts
      </Anchor>
      <Anchor component={Link} to={`/accounts/${accountId}`}>
        {data?.account.name ?? '…'}
      </Anchor>
      <Anchor component={Link} to={`/accounts/${accountId}/locations/${locationId}`}>
        {data?.location.name ?? '…'}
      </Anchor>
      <span>{here}</span>
    </Breadcrumbs>
  );
}
