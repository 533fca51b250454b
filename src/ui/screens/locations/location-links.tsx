import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

/** The screens an operator watches at a location, one click from it (each its own route). */
const LOCATION_SCREENS = [
  { path: 'orders', label: 'Order board' },
  { path: 'deliveries', label: 'Delivery log' },
  { path: 'reports', label: 'Reports' },
];

export function LocationLinks({ accountId, locationId }: { accountId: string; locationId: string }) {
  return (
    <Group gap="xs">
      {LOCATION_SCREENS.map((screen) => (
        <Button
          key={screen.path}
          component={Link}
          to={`/accounts/${accountId}/locations/${locationId}/${screen.path}`}
          variant="light"
          size="xs"
        >
          {screen.label}
        </Button>
      ))}
      <Button
        component={Link}
        to={`/activity?accountId=${accountId}&locationId=${locationId}`}
        variant="light"
        size="xs"
      >
        Activity
      </Button>
    </Group>
  );
}
