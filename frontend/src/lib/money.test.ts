import { describe, expect, it } from 'vitest';
import { cad, goal, toCents, toDollars } from './money';

describe('cad', () => {
  it('keeps whole dollars whole, shows cents as two digits and signs what is taken away', () => {
    expect(cad(2_500_000)).toBe('CA$25,000');
    expect(cad(450)).toBe('CA$4.50');
    expect(cad(0)).toBe('CA$0');
    expect(cad(-300_000)).toBe('−CA$3,000');
    expect(cad(-5)).toBe('−CA$0.05');
    expect(cad(123_456_789)).toBe('CA$1,234,567.89');
    expect(cad(100_000_000)).toBe('CA$1,000,000');
    expect(cad(99_910)).toBe('CA$999.10');
  });

  it('reads a goal in dollars, or a dash when there is none', () => {
    expect(goal(2_500_000)).toBe('CA$25,000');
    expect(goal(1999)).toBe('CA$19.99');
    expect(goal(null)).toBe('—');
  });
});

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
