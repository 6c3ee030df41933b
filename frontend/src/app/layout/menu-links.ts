import type { MenuItem } from '@/api/model';

/** Spec 1 §9: sub-menu columns split after 4 items. */
export const SUB_MENU_COLUMN = 4;

/** Where a menu item leads, and whether that is outside the site. */
export function menuLink(item: MenuItem): { to: string; external: boolean } {
  const to = item.page_link ?? item.link_url ?? '/';
  return { to, external: /^https?:\/\//.test(to) };
}

/** Sub-menu items in columns of at most four. */
export function columns<T>(items: T[], size = SUB_MENU_COLUMN): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
