import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useStaffFundingApprovals } from '@/api/endpoints/projects-staff/projects-staff';
import { cad } from '@/lib/money';
import { StaffPage } from '@/ui/console/StaffPage';
import { PagedCards } from '@/ui/console/PagedCards';
import { ReconciliationCard } from './ReconciliationCard';
import { useUrlPage } from '@/lib/useUrlState';

const PER_PAGE = 10;

/** /staff/funding: projects whose pledges reached the goal, waiting for a Content Expert's
 * final approval, the longest waiting first. */
export function FundingQueuePage() {
  const [page, setPage] = useUrlPage();
  const queue = useStaffFundingApprovals({ page, perPage: PER_PAGE });
  return (
    <StaffPage title="Final approval">
      <Typography color="text.secondary">
        When a project&apos;s pledges reach its goal, a Content Expert approves its funding (every pledge is then charged and the funds paid out to the
        owner&apos;s institution) or does not (every pledge is released).
      </Typography>
      <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty="No project is waiting for final approval.">
        {(project) => (
          <Card key={project.id} variant="outlined" component="article" aria-label={project.title}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {project.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {project.owner?.name ?? 'Unknown'} · {cad(project.funding.raised_cents)} pledged of {(project.funding_goal_cents === null || project.funding_goal_cents === undefined ? '—' : cad(project.funding_goal_cents))} by{' '}
                {project.funding.backers} backer(s)
              </Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" component={Link} to={`/staff/funding/${project.id}`}>
                Open funding file
              </Button>
            </CardActions>
          </Card>
        )}
      </PagedCards>
      <ReconciliationCard />
    </StaffPage>
  );
}
