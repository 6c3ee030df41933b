import type { Participant } from '@/api/model';

/** A conversation's name: the others in it, as a list reads ("Ada, Bo and Cy"). */
export function namesOf(others: Participant[]): string {
  const names = others.map((p) => p.name);
  if (names.length <= 1) return names[0] ?? 'Former member';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
