// Acceptance times (NEW to ACCEPTED) are rolled up as counts in logarithmic bins (the order_reports
// migration's `bin` function): bin 0 holds up to 1 ms, bin k > 0 holds (G^(k-1), G^k] ms. Any quantile read
// from summed counts is then within RELATIVE_ACCURACY of the true one, whatever the range, the number of
// orders or how the counts were summed (the DDSketch construction). These functions read them back.

/** The promised relative accuracy of p50 and p90. */
export const RELATIVE_ACCURACY = 0.02;
const G = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);

/** The bin of a time in milliseconds, exactly as the database computes it (tests check one against the other). */
export function binOf(ms: number): number {
  return ms <= 1 ? 0 : Math.min(32767, Math.ceil(Math.log(ms) / Math.log(G)));
}

/** The value that represents a bin: within RELATIVE_ACCURACY of every time the bin holds. */
export function binValue(bin: number): number {
  return bin === 0 ? 1 : (2 * G ** bin) / (G + 1);
}

/**
 * The q-quantile (0 < q ≤ 1) in milliseconds of the times counted in `bins` (bin → count), rounded to the
 * millisecond; null when nothing was counted. The rank is the nearest-rank one: the smallest time with at least
 * q of all times at or below it.
 */
export function quantile(bins: ReadonlyMap<number, number>, q: number): number | null {
  let total = 0;
  for (const count of bins.values()) total += count;
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bin of [...bins.keys()].sort((a, b) => a - b)) {
    seen += bins.get(bin) as number;
    if (seen >= rank) return Math.round(binValue(bin));
  }
  return null;
}
