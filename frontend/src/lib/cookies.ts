/** The cookies of the request a page is rendered for on the server (src/entry-server.tsx). */
let requestCookies = '';

export function givePageCookies(cookies: string): void {
  requestCookies = cookies;
}

/** The value of a cookie, if the browser (or, on the server, the request) has it. */
export function readCookie(name: string): string | null {
  const cookies = typeof document === 'undefined' ? requestCookies : document.cookie;
  const found = cookies.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/** Stores a cookie for the whole site for `days` days. */
export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toUTCString();
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}
