import { Alert, Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useListProjectTags } from '@/api/endpoints/groups/groups';
import { submitProject, useGetMyProjectTeam } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { ethicsStatusLabels } from '@/lib/labels';
import { Picture } from '@/ui/Picture';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { TeamAndNeeds } from '@/ui/TeamAndNeeds';
import { goal } from '@/lib/money';
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
        {project.image && <Picture src={project.image} width={1200} height={630} sx={{ borderRadius: 1, maxWidth: 560 }} />}
        <Topics ids={project.tags} />
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
          <strong>Funding goal:</strong> {goal(project.funding_goal_cents)} over {project.campaign_days} days
        </Typography>
        <BudgetPlan totalCents={project.total_budget_cents} lines={project.budget_lines} milestones={project.milestones} headingLevel="h3" />
        <SavedTeam projectId={project.id} />
        {project.can_submit ? (
          <StepActions onBack={onBack} busy={busy} label="Submit for review" />
        ) : (
          <ChangesActions project={project} onBack={onBack} onChanged={onChanged} />
        )}
      </Stack>
    </Box>
  );
}

/** The project's topics, named (issue 43, item 3: the review left them out). */
function Topics({ ids }: { ids: number[] }) {
  const topics = useListProjectTags();
  const named = (topics.data?.data ?? []).filter((topic) => ids.includes(topic.id));
  if (named.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Topics">
      {named.map((topic) => (
        <Chip key={topic.id} label={topic.title} size="small" />
      ))}
    </Stack>
  );
}

/** Who works on the project and what it asks for, as the Team step saved them. */
function SavedTeam({ projectId }: { projectId: number }) {
  const saved = useGetMyProjectTeam(projectId);
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  return <TeamAndNeeds team={saved.data.data.team} needs={saved.data.data.needs} headingLevel="h3" />;
}
