import { describe, expect, it } from 'vitest';
import { strengthOf } from './password-strength';

describe('strengthOf', () => {
  it('calls a common password very weak and says why', () => {
    const strength = strengthOf('password1');
    expect(strength.score).toBe(0);
    expect(strength.warning).toMatch(/common/i);
  });

  it('counts the member’s own name and e-mail as guessable', () => {
    const alone = strengthOf('zqvruntplexhaw');
    const known = strengthOf('zqvruntplexhaw', ['Zqvrunt Plexhaw', 'zqvruntplexhaw@example.org']);
    expect(known.score).toBeLessThan(alone.score);
  });

  it('calls a long passphrase strong', () => {
    expect(strengthOf('quiet harbour lantern 47 meadow').score).toBeGreaterThanOrEqual(3);
  });
});
