import { Badge, Group, Text } from '@mantine/core';

// A menu item (or menu modifier) inherits its product's taxRateIds unless the menu overrides them. The
// two must never look alike: an inherited set is grey and says "inherited"; an override is orange, says
// "override", and an empty override says in words that no tax applies.

export function isOverridden(entry: { taxRateIdsOverride?: string[] | null }): boolean {
  return entry.taxRateIdsOverride != null;
}

/** A row whose rates the menu overrides carries an orange edge, so overrides stand out in a long list. */
export function overriddenRowStyle(entry: { taxRateIdsOverride?: string[] | null }): { boxShadow: string } | undefined {
  return isOverridden(entry) ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-orange-5)' } : undefined;
}

export function TaxRatesCell({
  entry,
  namesOf,
}: {
  entry: { taxRateIds: string[]; taxRateIdsOverride?: string[] | null };
  namesOf: Map<string, string>;
}) {
  const overridden = isOverridden(entry);
  const color = overridden ? 'orange' : 'gray';
  return (
    <Group gap={4} data-tax-source={overridden ? 'override' : 'inherited'}>
      <Badge size="sm" color={color} variant={overridden ? 'filled' : 'outline'} style={{ textTransform: 'none' }}>
        {overridden ? 'override' : 'inherited'}
      </Badge>
      {entry.taxRateIds.length === 0 ? (
        <Text size="sm" c={overridden ? undefined : 'dimmed'} fs="italic">
          no tax rate
        </Text>
      ) : (
        entry.taxRateIds.map((id) => (
          <Badge
            key={id}
            size="sm"
            color={color}
            variant="light"
            style={{ textTransform: 'none' }}
            title={namesOf.get(id) ?? 'not a tax rate of this location'}
          >
            {namesOf.get(id) ?? id}
          </Badge>
        ))
      )}
    </Group>
  );
}
