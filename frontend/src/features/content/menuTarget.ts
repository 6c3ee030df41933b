import type { MenuItem } from '@/api/model';

/** Where a menu item leads: its page's route, or its address. */
export function menuTarget(item: MenuItem): string {
  return item.page_link ?? item.link_url ?? '/';
}
