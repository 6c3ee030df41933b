/** Reads a required build-time setting; an empty value stops the app at start-up. */
export function requireEnv(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new Error(`Environment variable ${name} is required`);
  }
  return value.trim();
}

/** Base address of the API as the browser reaches it ("/" for the same origin). */
export const apiBaseUrl = (): string =>
  requireEnv('VITE_API_URL', import.meta.env.VITE_API_URL).replace(/\/+$/, '');
