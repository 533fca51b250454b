import { Group, Select } from '@mantine/core';
import type { DeliveryStatus } from '../../gql/graphql';

// The delivery log's filters, answered by the server (status, eventType of locationDeliveries and
// applicationDeliveries).

export interface DeliveryFilter {
  status: DeliveryStatus | null;
  eventType: string | null;
}

const STATUSES: DeliveryStatus[] = ['PENDING', 'DELIVERING', 'DELIVERED', 'FAILED'];
/** The event types of docs/contract.md "Calls the hub makes" (src/delivery-engine/outbox.ts). */
const EVENT_TYPES = [
  'ORDER_CREATED',
  'ORDER_STATUS_CHANGED',
  'ORDER_UPDATED',
  'ORDER_OVERDUE',
  'MENU_PUBLISHED',
  'MENU_UPDATED',
  'STORE_STATUS_CHANGED',
  'OPENING_HOURS_CHANGED',
  'ITEMS_SNOOZED',
  'ITEMS_UNSNOOZED',
];

export function DeliveryFilters({
  filter,
  onChange,
}: {
  filter: DeliveryFilter;
  onChange(filter: DeliveryFilter): void;
}) {
  return (
    <Group>
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUSES}
        value={filter.status}
        onChange={(status) => onChange({ ...filter, status: status as DeliveryStatus | null })}
        clearable
        w={200}
      />
      <Select
        label="Event type"
        placeholder="Any event"
        data={EVENT_TYPES}
        value={filter.eventType}
        onChange={(eventType) => onChange({ ...filter, eventType })}
        clearable
        w={260}
      />
    </Group>
  );
}
