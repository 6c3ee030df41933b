/** An amount in cents of CAD, as people read it: whole dollars stay whole (CA$25,000), any
 * cents show as two digits (CA$4.50), and an amount taken away carries a minus sign before
 * the currency (−CA$1,000), as statements print it. Written by hand rather than with Intl,
 * as the dates are (src/lib/dates.ts): the first number formatter a page makes costs a phone
 * over 100 ms of ICU start-up (measured on the project page's takeover), and the server's
 * engine has no Intl; from the cents themselves, so no floating-point rounding. */
export function cad(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const amount = Math.abs(Math.round(cents));
  const whole = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = amount % 100 === 0 ? '' : `.${String(amount % 100).padStart(2, '0')}`;
  return `${sign}CA$${whole}${fraction}`;
}

/** A goal (or another amount that may be unset) in cents of CAD, as people read it. */
export function goal(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : cad(cents);
}

/** Dollars as typed in a form (`25000`, `12.5`) in cents. */
export function toCents(dollars: string): number {
  const [whole, fraction = ''] = dollars.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a form shows them in dollars: whole dollars without decimals; unset, empty. */
export function toDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
