/** An amount in cents of CAD, as people read it: whole dollars stay whole (CA$25,000), any
 * cents show as two digits (CA$4.50). */
export function cad(cents: number): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return `CA$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}
