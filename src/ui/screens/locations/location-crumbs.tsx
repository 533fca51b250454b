import { useQuery } from '@apollo/client/react';
import { Crumbs, type Crumb } from '../../components/crumbs';
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

/** Accounts › account: the start of every trail inside an account ('…' while its name loads). */
export function accountTrail(accountId: string, accountName: string | undefined): Crumb[] {
  return [
    { label: 'Accounts', to: '/accounts' },
    { label: accountName ?? '…', to: `/accounts/${accountId}` },
  ];
}

/** Accounts › account › location › `here`: where a screen of a location sits, each step a link back. */
export function LocationCrumbs({
  accountId,
  locationId,
  here,
}: {
  accountId: string;
  locationId: string;
  here: string;
}) {
  const { data } = useQuery(LOCATION_NAMES, { variables: { accountId, locationId } });
  const trail = [
    ...accountTrail(accountId, data?.account.name),
    { label: data?.location.name ?? '…', to: `/accounts/${accountId}/locations/${locationId}` },
    { label: here },
  ];
  return <Crumbs trail={trail} />;
}
