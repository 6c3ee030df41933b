import { describe, expect, it } from 'vitest';
import { initial } from './initial';

describe('initial', () => {
  it('takes the first name’s letter, past any title', () => {
    expect(initial('Dr. Amira Haddad')).toBe('A');
    expect(initial('prof Jane Goodall')).toBe('J');
    expect(initial('Ada Lovelace')).toBe('A');
    expect(initial('  émile zola')).toBe('É');
  });

  it('keeps a title that is the whole name, and is empty without one', () => {
    expect(initial('Dr.')).toBe('D');
    expect(initial('')).toBe('');
    expect(initial(undefined)).toBe('');
  });
});
