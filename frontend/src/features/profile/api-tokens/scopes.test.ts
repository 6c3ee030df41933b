import { describe, expect, it } from 'vitest';
import { areas, describeScopes } from './scopes';

describe('token scopes', () => {
  it('offers each area the server lets the caller grant, with its read and write scope', () => {
    const member = areas(['groups:read', 'groups:write', 'account:read', 'account:write']);
    expect(member.map((a) => a.name)).toEqual(['account', 'groups']);
    expect(member.find((a) => a.name === 'groups')).toMatchObject({ read: 'groups:read', write: 'groups:write' });
    expect(areas(['staff:read', 'staff:write']).map((a) => a.name)).toEqual(['staff']);
  });

  it('describes a token by area', () => {
    expect(describeScopes(['groups:read', 'groups:write', 'account:read'])).toBe(
      'Working groups: read, write; Your account: read',
    );
  });
});
