/** Titles people put before their name, which an avatar's letter skips. */
const HONORIFICS = new Set(['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'mx', 'miss', 'sir', 'dame', 'rev']);

/** The letter an avatar shows for `name`: its first name's, not its title's ("A" for "Dr. Amira
 * Haddad"); empty for no name. */
export function initial(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words.find((word) => !HONORIFICS.has(word.replace(/\.$/, '').toLowerCase())) ?? words[0] ?? '';
  return first.charAt(0).toUpperCase();
}
