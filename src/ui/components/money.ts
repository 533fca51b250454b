// Amounts travel as integers in the currency's smallest unit (the API's prices and totals); people read them
// in the currency's own notation, so 650 EUR minor units shows as €6.50 and 650 JPY as ¥650.

/** An amount in the smallest unit of `currency`, written for people; without a currency, two decimals. */
export function formatMoney(minor: number | null | undefined, currency?: string | null): string {
  if (minor === null || minor === undefined) return '—';
  if (!currency) return (minor / 100).toFixed(2);
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    // A code Intl does not know: the number as stored, with the code, rather than a guess at its scale.
    return `${minor} ${currency}`;
  }
}
