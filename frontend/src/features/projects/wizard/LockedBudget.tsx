import { Alert, Box, Stack, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import type { ProjectDraft } from '@/api/model';
import { BudgetPlan } from '@/ui/BudgetPlan';
import { goal } from '@/lib/money';
import { StepActions } from './StepActions';

/** The Budget step of a live project: its plan as approved, which no longer changes. */
export function LockedBudget({ project, onBack, onNext }: { project: ProjectDraft; onBack: () => void; onNext: () => void }) {
  const next = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <Box component="form" onSubmit={next} aria-label="Budget">
      <Stack spacing={2.5}>
        <Alert severity="info">The budget of a live campaign cannot change: its backers pledge to it as it is.</Alert>
        <Typography>
          <strong>Funding goal:</strong> {goal(project.funding_goal_cents)} over {project.campaign_days} days
        </Typography>
        <BudgetPlan totalCents={project.total_budget_cents} lines={project.budget_lines} milestones={project.milestones} headingLevel="h3" />
        <StepActions onBack={onBack} busy={false} label="Next" />
      </Stack>
    </Box>
  );
}
