/** The scopes a token may hold, grouped by area as the form offers them; the values come
 * from the contract (`TokenScope`), the area names are the form's. */
import { TokenScope } from '@/api/model';

export type Scope = (typeof TokenScope)[keyof typeof TokenScope];

/** How each area reads in the form and the list. */
const AREA_LABELS: Record<string, string> = {
  account: 'Your account',
  groups: 'Working groups',
  discussions: 'Discussions',
  projects: 'Projects and pledges',
  content: 'Blog, pages and lectures',
  learning: 'Quizzes and certificates',
  feed: 'Feed and notifications',
  moderation: 'Reports and moderation',
  references: 'Trial and publication references',
  staff: 'Staff console',
};

export interface Area {
  name: string;
  label: string;
  read: Scope;
  write: Scope;
}

export const areaOf = (scope: Scope): string => scope.split(':')[0] ?? scope;

/** Every area whose read and write scopes the caller may grant (the server says which:
 * `grantable`), in the contract's order. */
export function areas(grantable: readonly Scope[]): Area[] {
  const scopes = (Object.values(TokenScope) as Scope[]).filter((scope) => grantable.includes(scope));
  const names = [...new Set(scopes.map(areaOf))];
  return names.flatMap((name) => {
    const read = scopes.find((s) => s === `${name}:read`);
    const write = scopes.find((s) => s === `${name}:write`);
    return read && write ? [{ name, label: AREA_LABELS[name] ?? name, read, write }] : [];
  });
}

/** "Working groups: read, write; Your account: read" for a token's scopes. */
export function describeScopes(scopes: readonly Scope[]): string {
  const byArea = new Map<string, string[]>();
  for (const scope of scopes) {
    const area = areaOf(scope);
    byArea.set(area, [...(byArea.get(area) ?? []), scope.split(':')[1] ?? '']);
  }
  return [...byArea].map(([area, access]) => `${AREA_LABELS[area] ?? area}: ${access.join(', ')}`).join('; ');
}
