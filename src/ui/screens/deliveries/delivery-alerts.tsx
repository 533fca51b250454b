import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCoalesced } from '../../components/coalesced';
import { formatRelative, useNow } from '../../components/time';
import { graphql } from '../../gql';
import type { DeliveryAlertWordsFragment } from '../../gql/graphql';

// Delivery failures said in words (docs/acceptance-deadline.md "Deliveries that keep failing"): the server
// decides which partners have been failing for longer than the location allows; these say who, for how long,
// how many deliveries wait and what the partner last answered, on the board and the delivery log (a banner)
// and on the home page's row of the location (one line each).

graphql(`
  fragment DeliveryAlertWords on DeliveryAlert {
    applicationId
    applicationName
    failingSince
    failedDeliveries
    lastError
  }
`);

const LOCATION_ALERTS = graphql(`
  query DeliveryAlerts($accountId: ID!, $locationId: ID!) {
    deliveryAlerts(accountId: $accountId, locationId: $locationId) {
      ...DeliveryAlertWords
    }
  }
`);

/** How often a screen left open asks again: the server counts the minutes, this only shows them. */
const POLL_MS = 30_000;

const partnerOf = (alert: DeliveryAlertWordsFragment) => alert.applicationName ?? 'A removed partner';

/** "Kitchen POS has not taken a delivery for 20 min" (the duration from "20 min ago"). */
function failingFor(alert: DeliveryAlertWordsFragment, now: number): string {
  const since = formatRelative(alert.failingSince, now).replace(/ ago$/, '');
  return `${partnerOf(alert)} has not taken a delivery for ${since}`;
}

function details(alert: DeliveryAlertWordsFragment): string {
  const waiting = `${alert.failedDeliveries} ${alert.failedDeliveries === 1 ? 'delivery has' : 'deliveries have'} not arrived`;
  return alert.lastError ? `${waiting}; its last answer: ${alert.lastError}.` : `${waiting}.`;
}

/** The banner of a location's screens; nothing when no partner is failing for that long. */
export function DeliveryAlerts({
  accountId,
  locationId,
  changes = 0,
  logLink = true,
}: {
  accountId: string;
  locationId: string;
  /** Counts the screen's live events: each one reads the alerts again (a retried delivery that arrived ends one). */
  changes?: number;
  /** Offers the delivery log (not on the log itself). */
  logLink?: boolean;
}) {
  const now = useNow();
  const { data, refetch } = useQuery(LOCATION_ALERTS, {
    variables: { accountId, locationId },
    pollInterval: POLL_MS,
  });
  const refresh = useCoalesced(() => refetch());
  useEffect(() => {
    if (changes > 0) refresh();
  }, [changes, refresh]);
  const alerts = data?.deliveryAlerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <Alert color="red" title="Deliveries are failing" role="alert">
      <Stack gap={4}>
        {alerts.map((alert) => (
          <Text key={alert.applicationId} size="sm">
            {failingFor(alert, now)}. {details(alert)}
          </Text>
        ))}
        {logLink && (
          <Anchor component={Link} to={`/accounts/${accountId}/locations/${locationId}/deliveries`} size="sm">
            Open the delivery log
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** The home row's lines: one per failing partner. */
export function DeliveryAlertLines({ alerts }: { alerts: readonly DeliveryAlertWordsFragment[] }) {
  const now = useNow();
  return alerts.map((alert) => (
    <Text key={alert.applicationId} size="sm" c="red" fw={500}>
      {failingFor(alert, now)}
    </Text>
  ));
}
