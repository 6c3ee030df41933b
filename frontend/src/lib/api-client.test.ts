import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, setUnauthorizedHandler, whileSigningOut } from './api-client';
import { ApiError } from './api-error';
import { getToken, setToken } from './auth-token';

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('apiFetch', () => {
  it('sends the stored bearer token and returns the body', async () => {
    setToken('abc');
    const fetchMock = respond(200, { data: { status: 'ok' } });
    await expect(apiFetch('/api/health')).resolves.toEqual({ data: { status: 'ok' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/health');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('signs out and reports on a 401', async () => {
    setToken('expired');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { code: 'user_inactive', message: 'User is inactive.' });
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('user_inactive');
  });

  it('leaves a 401 that races a sign-out to the sign-out', async () => {
    setToken('revoked');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { code: 'authentication_failed', message: 'Invalid token.' });
    await whileSigningOut(async () => {
      await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
      expect(getToken()).toBe('revoked');
      setToken(null);
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    // Afterwards a 401 signs out again.
    setToken('expired');
    respond(401, { code: 'authentication_failed', message: 'Invalid token.' });
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 for a session the browser has already left', async () => {
    setToken('old');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => {
        // The user signs out (and in again) while the request is on its way.
        setToken('new');
        return new Response(JSON.stringify({ code: 'authentication_failed' }), { status: 401 });
      }),
    );
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('has nothing to sign out of for a request sent signed out', async () => {
    setToken(null);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { code: 'not_authenticated' });
    await expect(apiFetch('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('throws the envelope of other failures and keeps the session', async () => {
    setToken('live');
    respond(400, { message: 'Invalid credentials', code: 'invalid' });
    const error = await apiFetch('/api/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid credentials');
    expect(getToken()).toBe('live');
  });
});
