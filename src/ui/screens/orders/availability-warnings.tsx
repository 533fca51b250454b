import { Alert, List } from '@mantine/core';
import { formatWhenIn } from '../../components/time';
import type { AvailabilityRule } from '../../gql/graphql';

// An order the marketplace placed while the store was closed, or naming something snoozed: the hub kept it
// and says why it might not be wanted; the kitchen decides (accept it, or reject it with a reason). Until when is
// on the location's clock, labelled when the browser keeps another.

export interface Warning {
  rule: AvailabilityRule;
  until?: string | null;
  reason?: string | null;
  item?: number | null;
  option?: number | null;
}

interface Line {
  name: string;
  options?: { name: string }[] | null;
}

const STORE: Partial<Record<AvailabilityRule, string>> = {
  STORE_PAUSED: 'The store was paused',
  STORE_CLOSED_BY_HOURS: 'The store was closed by its opening hours',
  STORE_CLOSED_FOR_HOLIDAY: 'The store was closed for a holiday',
};

function sentence(warning: Warning, items: Line[], timeZone: string): string {
  const until = warning.until ? ` until ${formatWhenIn(warning.until, timeZone)}` : '';
  const why = warning.reason ? ` (${warning.reason})` : '';
  const store = STORE[warning.rule];
  if (store) return `${store}${why}${until} when this order came.`;
  const line = warning.item != null ? items[warning.item] : undefined;
  const option = warning.option != null ? line?.options?.[warning.option] : undefined;
  const what = option ? `${option.name} (on ${line?.name})` : (line?.name ?? 'An item');
  return `${what} is snoozed${until}.`;
}

export function AvailabilityWarnings({
  warnings,
  items,
  timeZone,
}: {
  warnings: Warning[];
  items: Line[];
  /** The location's. */
  timeZone: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="orange" title="Placed while not available" role="note">
      <List size="sm">
        {warnings.map((w, i) => (
          <List.Item key={i}>{sentence(w, items, timeZone)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
