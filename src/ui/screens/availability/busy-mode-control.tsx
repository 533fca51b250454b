import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifyFailure } from '../../components/notify';
import { formatWhenIn } from '../../components/time';
import { useViewer } from '../../viewer';
import { BUSY_MODE, END_BUSY_MODE, SET_BUSY_MODE } from './availability-documents';

// Busy mode on the order board, in one press: every order gets BUSY_MINUTES more preparation time for an
// hour, and the marketplaces are told with the store status; it ends by itself then, or with "End busy mode".

const BUSY_MINUTES = 15;
const BUSY_FOR_MS = 3_600_000;

export function BusyModeControl({ accountId, locationId }: { accountId: string; locationId: string }) {
  const viewer = useViewer();
  const { data } = useQuery(BUSY_MODE, { variables: { accountId, locationId }, pollInterval: 30_000 });
  const [start, starting] = useMutation(SET_BUSY_MODE, { refetchQueries: [BUSY_MODE] });
  const [end, ending] = useMutation(END_BUSY_MODE, { refetchQueries: [BUSY_MODE] });
  const busy = data?.storeStatus.busyMode;
  const timeZone = data?.location.timezone ?? 'UTC';
  if (!data) return null;
  const canChange = viewer.permissions.editLocations;
  if (busy)
    return (
      <Alert color="orange" role="status" title="Busy mode">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Every order takes {busy.extraMinutes} minutes more until {formatWhenIn(busy.until, timeZone)}; the
            marketplaces know.
          </Text>
          {canChange && (
            <Button
              size="xs"
              variant="default"
              loading={ending.loading}
              onClick={() => end({ variables: { accountId, locationId } }).catch(notifyFailure)}
            >
              End busy mode
            </Button>
          )}
        </Group>
      </Alert>
    );
  if (!canChange) return null;
  return (
    <Button
      variant="light"
      color="orange"
      loading={starting.loading}
      onClick={() =>
        start({
          variables: {
            accountId,
            locationId,
            input: { extraMinutes: BUSY_MINUTES, until: new Date(Date.now() + BUSY_FOR_MS).toISOString() },
          },
        }).catch(notifyFailure)
      }
    >
      Busy: +{BUSY_MINUTES} min for an hour
    </Button>
  );
}
