import { Alert, Button, Card, CardActions, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetMyPayoutAccount, useListMyProjects } from '@/api/endpoints/projects/projects';
import type { FundingState, ProjectDraft } from '@/api/model';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { STATUS } from '../status';
import { daysLeft } from '../figures';
import { FundingProgress } from '@/ui/FundingProgress';
import { PayoutAccountCard } from './PayoutAccountCard';
import { RefundButton } from './RefundButton';

/** What a campaign past its open phase says on its owner's list. */
const FUNDING_STATE: Partial<Record<FundingState, string>> = {
  goal_reached: 'Goal reached: pledges are locked while a Content Expert reviews the funding',
  charging: 'Approved: the pledges are being charged',
  funded: 'Funded: the payout to your institution is on its way',
  in_escrow: 'Funded: held in escrow, paid out milestone by milestone — report each on the project page',
  disbursed: 'Funded and paid out to your institution',
  abandoned: 'Ended on a milestone: what was left in escrow went back to the donors',
  released: 'Every pledge was released: no one was charged',
  refunded: 'Refunded: every pledge was returned and the contract is void',
};

/** /my-projects: the caller's projects in every state, each with its next step. */
export function MyProjectsPage() {
  usePageTitle('My projects');
  const projects = useListMyProjects();
  // Read with the projects (the payout card shows the same answer from the cache): arriving
  // later, the card pushed the list down under the reader's pointer.
  const payout = useGetMyPayoutAccount();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
        <Typography variant="h3" component="h1">
          My projects
        </Typography>
        <Button component={RouterLink} to="/submit-project" variant="contained" sx={{ alignSelf: { sm: 'center' } }}>
          Submit a project
        </Button>
      </Stack>
      {projects.isPending || payout.isPending ? (
        <Loading />
      ) : projects.error ? (
        <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.data.length === 0 ? (
        <EmptyState>You have no projects yet.</EmptyState>
      ) : (
        <Stack spacing={2}>
          {projects.data.data.some((project) => project.is_public) && (
            <PayoutAccountCard awaitingApproval={projects.data.data.some((project) => project.funding.awaits_final_approval)} />
          )}
          {projects.data.data.map((project) => (
            <ProjectRow key={project.id} project={project} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function ProjectRow({ project }: { project: ProjectDraft }) {
  const status = STATUS[project.status];
  return (
    <Card variant="outlined" component="article" aria-labelledby={`project-${project.id}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={`project-${project.id}`}>
            {project.title}
          </Typography>
          <Chip size="small" label={status.label} color={status.color} />
          {project.changes_pending && <Chip size="small" label="Changes wait for approval" color="info" variant="outlined" />}
        </Stack>
        {project.is_public && (
          <Stack spacing={0.5} sx={{ mt: 1 }}>
            <FundingProgress funding={project.funding} goalCents={project.funding_goal_cents} />
            <Typography variant="body2" color="text.secondary">
              {FUNDING_STATE[project.funding.state] ?? daysLeft(project.closes_at) ?? ''}
            </Typography>
          </Stack>
        )}
        {project.funding_reason && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            The Content Expert did not approve the funding: {project.funding_reason}
          </Alert>
        )}
        {project.rejection_reason && project.can_submit && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Staff sent it back: {project.rejection_reason}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {/* The owner sees their project's page before it is public, as visitors will see it. */}
        <Button component={RouterLink} to={`/project/${project.slug}`} variant="outlined">
          {project.is_public ? 'View' : 'Preview'}
        </Button>
        {project.can_edit && (
          <Button component={RouterLink} to={`/submit-project/${project.id}`} variant={project.is_public ? 'text' : 'outlined'}>
            {!project.can_submit ? 'Edit' : project.rejection_reason ? 'Edit and submit again' : 'Continue'}
          </Button>
        )}
        <Button component={RouterLink} to={`/my-projects/${project.id}/protocol`}>
          Protocol
        </Button>
        {project.can_post_update && (
          <Button component={RouterLink} to={`/project-updates/${project.id}`}>
            Updates
          </Button>
        )}
        {project.can_refund && <RefundButton project={project} />}
      </CardActions>
    </Card>
  );
}
