import { describe, expect, it } from 'vitest';
import { requireEnv } from './env';

describe('requireEnv', () => {
  it('stops start-up when the setting is empty', () => {
    expect(() => requireEnv('VITE_API_URL', '')).toThrow('Environment variable VITE_API_URL is required');
    expect(() => requireEnv('VITE_API_URL', undefined)).toThrow('Environment variable VITE_API_URL is required');
  });

  it('returns a set value', () => {
    expect(requireEnv('VITE_API_URL', ' / ')).toBe('/');
  });
});
