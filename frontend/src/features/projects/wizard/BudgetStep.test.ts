import { describe, expect, it } from 'vitest';
import { formPath } from './BudgetStep';

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
