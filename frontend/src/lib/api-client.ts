/**
 * The fetch every generated hook goes through (orval's mutator): it adds the base
 * address and the bearer token, parses JSON, and turns failures into `ApiError`.
 * A 401 signs the user out and sends them to /login (spec §8, document 1).
 */
import { ApiError, type ErrorEnvelope } from './api-error';
import { getToken, setToken } from './auth-token';
import { apiBaseUrl } from './env';

/** Called on a 401; the router installs the navigation (see app/providers). */
let onUnauthorized: (code: string | undefined) => void = () => {};

export function setUnauthorizedHandler(handler: (code: string | undefined) => void): void {
  onUnauthorized = handler;
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(`${apiBaseUrl()}${url}`, {
    ...init,
    headers,
    credentials: 'include',
  });
  const text = response.status === 204 ? '' : await response.text();
  const body: unknown = text ? safeParse(text) : undefined;

  if (!response.ok) {
    const envelope = (body ?? {}) as ErrorEnvelope;
    if (response.status === 401) {
      setToken(null);
      onUnauthorized(envelope.code);
    }
    throw new ApiError(response.status, envelope);
  }
  return body as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
