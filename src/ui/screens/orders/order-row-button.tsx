import { Text, UnstyledButton } from '@mantine/core';
import { orderName } from './order-facts-format';

// An order on the board as the kitchen calls it: the customer's number big, the marketplace's reference and
// the customer's name under it (order-facts-format.ts orderName). One button, so the whole name opens it.

export function OrderRowButton({
  order,
  selected,
  onClick,
}: {
  order: Parameters<typeof orderName>[0];
  selected: boolean;
  onClick: () => void;
}) {
  const { title, subline } = orderName(order);
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      px="xs"
      py={4}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Text fz="xl" fw={700} lh={1.2} c={selected ? 'var(--mantine-primary-color-light-color)' : undefined}>
        {title}
      </Text>
      {subline && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {subline}
        </Text>
      )}
    </UnstyledButton>
  );
}
