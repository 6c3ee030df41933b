import { apiBaseUrl } from './env';

/** The live channel's address for `token`, on the API's host (ws:// or wss://). */
export function liveUrl(token: string, page: Location = window.location): string {
  const base = new URL(apiBaseUrl() || '/', page.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = '/ws/notifications';
  base.search = `?token=${encodeURIComponent(token)}`;
  return base.toString();
}
