import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@mantine/core';
import { notifyDone, notifyFailure } from '../../components/notify';
import { graphql } from '../../gql';
import { useHubRules } from '../../hub-rules';
import { useViewer } from '../../viewer';

// "Send a test order" on the order board: the sandbox marketplace places a realistic order at the location
// (POST {loc}/test-orders, sendTestOrder), which reaches the connected POS, real or sandbox, like any order and
// shows on the board through its subscription. Offered where the hub has a sandbox (outside production: the
// sandbox marketplace is listed); the server says in words what is missing (no connection, nothing to order).

const SANDBOX_MARKETPLACE = graphql(`
  query SandboxMarketplace($accountId: ID!, $locationId: ID!, $limit: Int!) {
    availableApplications(accountId: $accountId, locationId: $locationId, kind: MARKETPLACE, limit: $limit) {
      data {
        id
        sandbox
      }
    }
  }
`);

const SEND_TEST_ORDER = graphql(`
  mutation SendTestOrder($accountId: ID!, $locationId: ID!) {
    sendTestOrder(accountId: $accountId, locationId: $locationId) {
      id
      externalId
    }
  }
`);

export function TestOrderButton({ accountId, locationId }: { accountId: string; locationId: string }) {
  const viewer = useViewer();
  // Among all the marketplaces the API lists at once (hubRules.maxPageLimit).
  const limit = useHubRules().maxPageLimit;
  const { data } = useQuery(SANDBOX_MARKETPLACE, { variables: { accountId, locationId, limit } });
  const [send, sending] = useMutation(SEND_TEST_ORDER);
  const hasSandbox = data?.availableApplications.data.some((app) => app.sandbox) ?? false;
  if (!viewer.permissions.sendTestOrders || !hasSandbox) return null;
  return (
    <Button
      variant="light"
      loading={sending.loading}
      onClick={() =>
        send({ variables: { accountId, locationId } })
          .then(({ data: sent }) => sent && notifyDone(`Test order ${sent.sendTestOrder.externalId} sent`))
          .catch(notifyFailure)
      }
    >
      Send a test order
    </Button>
  );
}
