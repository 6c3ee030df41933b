import { Alert, Box, Divider, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { submitProject } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { ethicsStatusLabels } from '@/lib/labels';
import { RichText } from '@/ui/RichText';
import { toDollars } from './BudgetStep';
import { BudgetPlan } from '@/ui/BudgetPlan';
import { ChangesActions } from './ChangesActions';
import { StepActions } from './StepActions';

/** What the server names a missing field, as the wizard's steps call it. */
const FIELD_NAMES: Record<string, string> = {
  problem: 'the problem',
  aims: 'aims',
  methods: 'methods',
  impact: 'expected impact',
  ethics_status: 'research ethics',
  conflicts: 'conflicts of interest',
  total_budget_cents: 'total budget',
  funding_goal_cents: 'funding goal',
  campaign_days: 'campaign length',
};

/** The last step: the project as staff will read it, then submission; on a live project,
 * where its changes stand instead. */
export function ReviewStep({
  project,
  onBack,
  onSubmitted,
  onChanged,
}: {
  project: ProjectDraft;
  onBack: () => void;
  onSubmitted: (saved: ProjectDraft) => void;
  onChanged: (saved: ProjectDraft) => void;
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
      const missing = error instanceof ApiError ? Object.keys(error.body.messages ?? {}).map((key) => FIELD_NAMES[key] ?? key) : [];
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
    <Box component="form" onSubmit={submit} aria-label={project.can_submit ? 'Review and submit' : 'Review changes'}>
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
        {project.can_submit ? (
          <StepActions onBack={onBack} busy={busy} label="Submit for review" />
        ) : (
          <ChangesActions project={project} onBack={onBack} onChanged={onChanged} />
        )}
      </Stack>
    </Box>
  );
}
