/** An amount in cents of CAD, as people read it: whole dollars stay whole (CA$25,000), any
 * cents show as two digits (CA$4.50), and an amount taken away carries a minus sign before
 * the currency (−CA$1,000), as statements print it. */
export function cad(cents: number): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  const sign = cents < 0 ? '−' : '';
  return `${sign}CA$${(Math.abs(cents) / 100).toLocaleString('en-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** A goal (or another amount that may be unset) in cents of CAD, as people read it. */
export function goal(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : cad(cents);
}
