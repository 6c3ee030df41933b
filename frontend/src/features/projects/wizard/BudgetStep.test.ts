import { describe, expect, it } from 'vitest';
import { toCents, toDollars } from './BudgetStep';

describe('the funding goal', () => {
  it('is typed in dollars and kept in cents, without floating-point drift', () => {
    expect(toCents('25000')).toBe(2_500_000);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('0.5')).toBe(50);
    expect(toDollars(2_500_000)).toBe('25000');
    expect(toDollars(1999)).toBe('19.99');
    expect(toDollars(null)).toBe('');
  });
});
