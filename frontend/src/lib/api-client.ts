/**
 * The fetch every generated hook goes through (orval's mutator): it adds the base
 * address and the bearer token, parses JSON, and turns failures into `ApiError`.
 * A 401 signs the user out and sends them to /login (spec §8, document 1).
 */
import { ApiError, type ErrorEnvelope } from './api-error';
import { getToken, setToken } from './auth-token';
import { apiBaseUrl } from './env';
import { takePreloaded } from './preloaded';
import { trackUpload } from './upload-progress';

/** Called on a 401; the router installs the navigation (see app/providers). */
let onUnauthorized: (code: string | undefined) => void = () => {};

export function setUnauthorizedHandler(handler: (code: string | undefined) => void): void {
  onUnauthorized = handler;
}

/** Set while the user signs out: a 401 then is expected, and the sign-out forgets the token. */
let signingOut = false;

/**
 * Runs a sign-out: requests that race it and answer 401 neither clear the token nor
 * redirect, so the sign-out alone decides where the user lands.
 */
export async function whileSigningOut(work: () => Promise<void>): Promise<void> {
  signingOut = true;
  try {
    await work();
  } finally {
    signingOut = false;
  }
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else if ((init.method ?? 'GET') === 'GET') {
    const written = takePreloaded(url);
    if (written !== undefined) return written as T;
  }
  if (init.body instanceof FormData) return upload<T>(init.method ?? 'POST', url, init.body, headers, token);

  const response = await fetch(`${apiBaseUrl()}${url}`, {
    ...init,
    headers,
    credentials: 'include',
  });
  const text = response.status === 204 ? '' : await response.text();
  const body: unknown = text ? safeParse(text) : undefined;

  if (!response.ok) throw failure(response.status, body, token);
  return body as T;
}

/**
 * The error for a failed call. A 401 for the session this browser holds signs the user
 * out (spec §8); one for a session already left (a request that raced a sign-out, or one
 * sent signed out, when there is nothing to sign out of) changes nothing.
 */
export function failure(status: number, body: unknown, sentWith: string | null = getToken()): ApiError {
  const envelope = (body ?? {}) as ErrorEnvelope;
  const sessionLost = sentWith !== null && sentWith === getToken();
  if (status === 401 && sessionLost && !signingOut) {
    setToken(null);
    onUnauthorized(envelope.code);
  }
  return new ApiError(status, envelope);
}

/**
 * Sends a file (a multipart form) as the generated calls do, reporting its progress to the
 * layout's upload bar and to `onProgress` (0 to 1): fetch cannot report an upload's progress,
 * so files go with XMLHttpRequest. Every upload in the app comes through here.
 */
function upload<T>(method: string, url: string, form: FormData, headers: Headers, sentWith: string | null, onProgress?: (fraction: number) => void): Promise<T> {
  const tracked = trackUpload();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${apiBaseUrl()}${url}`);
    request.withCredentials = true;
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      tracked.progress(event.loaded, event.total);
      onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.status !== 204 && request.responseText ? safeParse(request.responseText) : undefined;
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(failure(request.status, body, sentWith));
    };
    request.onerror = () => reject(new ApiError(0, {}));
    request.send(form);
  }).finally(tracked.done);
}

/** POSTs a multipart form like the generated calls do, with its progress (0 to 1) for the caller too. */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return upload<T>('POST', url, form, headers, token, onProgress);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Downloads a file the API serves to the signed-in user (a certificate) and saves it. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`${apiBaseUrl()}${url}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    throw failure(response.status, text ? safeParse(text) : undefined, token);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}
