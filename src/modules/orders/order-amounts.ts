// What the lines of an order add up to, as a kitchen's ticket and the board show them: each line's total (its
// price and its options' prices, times its quantity) and their sum. Computed here, once, so every screen and
// client shows the same figures; the marketplace's own subTotal, charges, tax and total are carried as it
// sent them and may include what the lines do not (a delivery fee, a discount).

interface PricedOption {
  price: number;
  /** Per unit of the line; absent or null counts once (the document's default). */
  quantity?: number | null;
}

export interface PricedLine {
  price: number;
  quantity: number;
  options?: PricedOption[] | null;
}

/** quantity × (price + Σ option price × option quantity), in the smallest unit of the currency. */
export function lineTotal(line: PricedLine): number {
  const options = (line.options ?? []).reduce((sum, option) => sum + option.price * (option.quantity ?? 1), 0);
  return line.quantity * (line.price + options);
}

/** The sum of the line totals. */
export function linesSubtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}
