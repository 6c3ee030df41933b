/** "1 member", "2 members": a count with the word in the form it takes. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
