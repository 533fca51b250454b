import { Text, Title } from '@mantine/core';
import { orderName } from './order-facts-format';

// An order's name where a kitchen looks for it (order-facts-format.ts orderName): the number the customer was
// given, big, as they will say it at the counter; the marketplace's reference and the customer's name under it.

type Named = Parameters<typeof orderName>[0];

export function OrderHeading({ order }: { order: Named }) {
  const { title, subline } = orderName(order);
  return (
    <div>
      <Title order={3} fz={32} lh={1.1}>
        {title}
      </Title>
      {subline && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {subline}
        </Text>
      )}
    </div>
  );
}
