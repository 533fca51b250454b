import { Button } from '@mantine/core';
import { isOverridden } from './tax-rates-cell';

/** "Override" (opens the tax-rate dialog) and, once overridden, "Clear override": for an item or a modifier. */
export function OverrideActions({
  entry,
  onOverride,
  onClear,
}: {
  entry: { name: string; taxRateIdsOverride?: string[] | null };
  onOverride(): void;
  onClear(): void;
}) {
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={onOverride} aria-label={`Override tax rates of ${entry.name}`}>
        Override
      </Button>
      {isOverridden(entry) && (
        <Button size="compact-sm" variant="subtle" onClick={onClear} aria-label={`Clear override of ${entry.name}`}>
          Clear override
        </Button>
      )}
    </>
  );
}
