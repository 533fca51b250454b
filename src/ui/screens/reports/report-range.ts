import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportGranularity } from '../../gql/graphql';

// The range the Reports screen shows, kept in the address (`?from=&to=&granularity=`) so a report can be linked
// and Back returns to the one before. The server's rules (docs/reports.md): at most 366 days, 7 by HOUR.

const MAX_DAYS = 366;
export const MAX_HOURLY_DAYS = 7;
const DAY_MS = 86_400_000;

/** Today in this browser's calendar, YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included; NaN when either is not a date. */
export function daysIn(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
}

export interface RangeState {
  from: string;
  to: string;
  granularity: ReportGranularity;
  /** What is wrong with the range, said under the To field; null when the server can answer it. */
  problem: string | null;
  set(changes: Partial<Record<'from' | 'to' | 'granularity', string>>): void;
}

/**
 * The range: read from the address when the screen opens (by default the last 30 days to today, by day), kept
 * in the screen's state and written back to the address. The state, not the address, is what changes: two
 * changes in a row (From, then To) both count even while the address is still being updated.
 */
export function useReportRange(): RangeState {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState(() => {
    const to = params.get('to') || today();
    const asked = params.get('granularity');
    return {
      from: params.get('from') || addDays(to, -29),
      to,
      granularity: (asked === 'HOUR' || asked === 'WEEK' ? asked : 'DAY') as ReportGranularity,
    };
  });
  const { from, to, granularity } = range;
  useEffect(() => setParams({ from, to, granularity }, { replace: true }), [from, to, granularity, setParams]);
  const days = daysIn(from, to);
  let problem: string | null = null;
  if (Number.isNaN(days)) problem = 'Choose both days';
  else if (days < 1) problem = 'Must not be before From';
  else if (days > MAX_DAYS) problem = `At most ${MAX_DAYS} days`;
  else if (granularity === 'HOUR' && days > MAX_HOURLY_DAYS) problem = `By hour, at most ${MAX_HOURLY_DAYS} days`;
  return {
    ...range,
    problem,
    set(changes) {
      setRange((current) => ({
        from: changes.from ?? current.from,
        to: changes.to ?? current.to,
        granularity: (changes.granularity as ReportGranularity | undefined) ?? current.granularity,
      }));
    },
  };
}
