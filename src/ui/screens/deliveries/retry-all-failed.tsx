import { useMutation } from '@apollo/client/react';
import { ConfirmButton } from '../../components/confirm-button';
import { notifyDone, notifyFailure } from '../../components/notify';
import { useViewer } from '../../viewer';
import { RETRY_FAILED_DELIVERIES } from './delivery-documents';

/**
 * "Retry all failed" of a location's log: once the partner is back, every failed delivery (and every one
 * waiting for its next retry) goes again in one press, each order's events still in order (the server's
 * retryFailedDeliveries). The log itself shows them move, live; the toast says how many went.
 */
export function RetryAllFailed({ accountId, locationId }: { accountId: string; locationId: string }) {
  const [retry, retrying] = useMutation(RETRY_FAILED_DELIVERIES);
  if (!useViewer().permissions.retryFailedDeliveries) return null;
  return (
    <ConfirmButton
      label="Retry all failed"
      title="Retry all failed deliveries"
      message="Every delivery of this location that failed, or waits for its next retry, is sent again now with the same webhook-id. Do this once the partner is reachable again."
      confirmLabel="Retry all"
      variant="light"
      loading={retrying.loading}
      onConfirm={async () => {
        try {
          const { data } = await retry({ variables: { accountId, locationId } });
          const n = data?.retryFailedDeliveries.retried ?? 0;
          notifyDone(
            n === 0
              ? 'Nothing to retry: no delivery is failing'
              : `${n} ${n === 1 ? 'delivery' : 'deliveries'} sent again`,
          );
        } catch (error) {
          notifyFailure(error);
        }
      }}
    />
  );
}
