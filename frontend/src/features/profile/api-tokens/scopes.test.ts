import { describe, expect, it } from 'vitest';
import { areas, describeScopes } from './scopes';

describe('token scopes', () => {
  it('offers each area with its read and write scope, the staff console to staff only', () => {
    const member = areas(false);
    expect(member.map((a) => a.name)).not.toContain('staff');
    expect(member.find((a) => a.name === 'groups')).toMatchObject({ read: 'groups:read', write: 'groups:write' });
    expect(areas(true).map((a) => a.name)).toContain('staff');
  });

  it('describes a token by area', () => {
    expect(describeScopes(['groups:read', 'groups:write', 'account:read'])).toBe(
      'Working groups: read, write; Your account: read',
    );
  });
});
