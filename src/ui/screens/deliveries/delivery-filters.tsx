import { Group, Select } from '@mantine/core';
import type { DeliveryStatus } from '../../gql/graphql';
import { useHubRules } from '../../hub-rules';
import { eventLabel } from './event-words';

// The delivery log's filters: the statuses and event types the hub has (hubRules), answered by the server
// (status, eventType of locationDeliveries and applicationDeliveries).

export interface DeliveryFilter {
  status: DeliveryStatus | null;
  eventType: string | null;
}

export function DeliveryFilters({
  filter,
  onChange,
}: {
  filter: DeliveryFilter;
  onChange(filter: DeliveryFilter): void;
}) {
  const { deliveryStatuses, eventTypes } = useHubRules();
  return (
    <Group>
      <Select
        label="Status"
        placeholder="Any status"
        data={deliveryStatuses}
        value={filter.status}
        onChange={(status) => onChange({ ...filter, status: status as DeliveryStatus | null })}
        clearable
        w={200}
      />
      <Select
        label="Event type"
        placeholder="Any event"
        data={eventTypes.map((value) => ({ value, label: eventLabel(value) }))}
        value={filter.eventType}
        onChange={(eventType) => onChange({ ...filter, eventType })}
        clearable
        w={260}
      />
    </Group>
  );
}
