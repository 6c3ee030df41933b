import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { submitProject } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { ethicsStatusLabels } from '@/lib/labels';
import { RichText } from '@/ui/RichText';
import { toDollars } from './BudgetStep';
import { BudgetPlan } from '../BudgetPlan';
import { StepActions } from './StepActions';

/** Step 4: the project as staff will read it, then submission. */
export function ReviewStep({
  project,
  onBack,
  onSubmitted,
}: {
  project: ProjectDraft;
  onBack: () => void;
  onSubmitted: (saved: ProjectDraft) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onSubmitted((await submitProject(project.id)).data);
    } catch (error) {
      const missing = error instanceof ApiError ? Object.keys(error.body.messages ?? {}) : [];
      setProblem(missing.length ? `Complete every step first (missing: ${missing.join(', ')}).` : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const sections: [string, string][] = [
    ['Lay summary', project.lay_summary],
    ['The problem', project.problem],
    ['Aims', project.aims],
    ['Methods', project.methods],
    ['Expected impact', project.impact],
  ];
  return (
    <Box component="form" onSubmit={submit} aria-label="Review and submit">
      <Stack spacing={2.5}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <Typography variant="h5" component="h2">
          {project.title}
        </Typography>
        {sections.map(([title, html]) => (
          <section key={title}>
            <Typography variant="h6" component="h3">
              {title}
            </Typography>
            <RichText html={html} />
          </section>
        ))}
        <Divider />
        <Typography>
          <strong>Research ethics:</strong> {project.ethics_status ? ethicsStatusLabels[project.ethics_status] : '—'}
        </Typography>
        <Typography>
          <strong>Conflicts of interest:</strong> {project.conflicts}
        </Typography>
        <Typography>
          <strong>Funding goal:</strong> CA${toDollars(project.funding_goal_cents)} over {project.campaign_days} days
        </Typography>
        <BudgetPlan totalCents={project.total_budget_cents} lines={project.budget_lines} milestones={project.milestones} headingLevel="h3" />
        <StepActions onBack={onBack} busy={busy} label="Submit for review" />
      </Stack>
    </Box>
  );
}
