/**
 * The customer's name as a kitchen calls it: "first last" from what the marketplace sent (docs/contract.md "Shapes
 * existing clients send" carries `customer` as sent), or null without one. The order search matches the same words
 * (order-search.ts).
 */
export function customerName(customer: unknown): string | null {
  if (!customer || typeof customer !== 'object') return null;
  const { firstName, lastName } = customer as Record<string, unknown>;
  const words = [firstName, lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim());
  return words.length ? words.join(' ') : null;
}
