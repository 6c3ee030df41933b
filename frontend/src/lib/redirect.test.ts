import { describe, expect, it } from 'vitest';
import { rerouteTarget, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps in-app paths and refuses everything else', () => {
    expect(safeRedirect('/working-groups/abc?joinGroup=true')).toBe('/working-groups/abc?joinGroup=true');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
  });
});

describe('rerouteTarget', () => {
  it('rebuilds the query string onto the target path', () => {
    expect(rerouteTarget(new URLSearchParams('to=/working-groups/abc&invite_token=x%20y'))).toBe(
      '/working-groups/abc?invite_token=x+y',
    );
    expect(rerouteTarget(new URLSearchParams('to=/dashboard?openPersonalization=true&tab=2'))).toBe(
      '/dashboard?openPersonalization=true&tab=2',
    );
    expect(rerouteTarget(new URLSearchParams('to=https://evil.example&a=1'))).toBe('/dashboard?a=1');
    expect(rerouteTarget(new URLSearchParams(''))).toBe('/dashboard');
  });
});
