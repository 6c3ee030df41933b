import { TOKEN_KEY as KEY } from '@/lib/token-key';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  // The server renders pages for visitors (src/entry-server.tsx): no one is signed in there.
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(KEY);
}

/** Stores the token; `null` removes it (signing out). Subscribers are told either way. */
export function setToken(token: string | null): void {
  if (token === null) window.localStorage.removeItem(KEY);
  else window.localStorage.setItem(KEY, token);
  listeners.forEach((listener) => listener(token));
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
