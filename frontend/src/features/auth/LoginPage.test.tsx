import { describe, expect, it } from 'vitest';
import { safeRedirect } from './LoginPage';

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/working-groups/abc?joinGroup=true')).toBe('/working-groups/abc?joinGroup=true');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
  });
});
