import { apiBaseUrl } from './env';

/**
 * The live channel's address for a single-use `ticket` (from `POST /api/live/ticket`), on
 * the API's host (ws:// or wss://). The session token never goes into this URL.
 */
export function liveUrl(ticket: string, page: Location = window.location): string {
  const base = new URL(apiBaseUrl() || '/', page.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = '/ws/notifications';
  base.search = `?ticket=${encodeURIComponent(ticket)}`;
  return base.toString();
}
