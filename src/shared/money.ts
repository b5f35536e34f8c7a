/**
 * Money's two units and the one conversion between them (docs/decisions/0065-money-units-and-conversions.md):
 * integer cents wherever Atrium computes or stores a new amount, dollars on the wire and in the company file's
 * `numeric(15, 2)` columns. Every conversion goes through these two functions.
 */

/** Dollars (a wire amount, or a contribution as the company file stores it) to integer cents, to the nearest cent. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Integer cents to dollars, as the wire and the screens show them. */
export const toDollars = (cents: number): number => cents / 100;
