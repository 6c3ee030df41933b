import { describe, expect, it } from 'vitest';
import { formPath, toCents, toDollars } from './BudgetStep';

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

describe("the server's fields", () => {
  it('land on the form fields typed in dollars', () => {
    expect(formPath('total_budget_cents')).toBe('total_budget');
    expect(formPath('funding_goal_cents')).toBe('funding_goal');
    expect(formPath('budget_lines[2].amount_cents')).toBe('budget_lines.2.amount');
    expect(formPath('milestones[0].title')).toBe('milestones.0.title');
    expect(formPath('campaign_days')).toBe('campaign_days');
    expect(formPath('budget_lines')).toBe('budget_lines');
  });
});
