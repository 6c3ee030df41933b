import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useStaffProjectChangesQueue } from '@/api/endpoints/projects-staff/projects-staff';
import { dateTime } from '@/lib/dates';
import { PagedCards } from '@/ui/console/PagedCards';
import { useUrlPage } from '@/lib/useUrlState';

const PER_PAGE = 10;

/** Live projects whose owners proposed changes, the longest waiting first; each opens
 * the side-by-side review. */
export function ProjectChangesQueue() {
  const [page, setPage] = useUrlPage();
  const queue = useStaffProjectChangesQueue({ page, perPage: PER_PAGE });
  return (
    <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty="No live project has changes waiting.">
      {(project) => (
        <Card key={project.id} variant="outlined" component="article" aria-label={project.title}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {project.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {project.owner?.name ?? 'Unknown'}{project.changes_proposed_at ? ` · changes proposed ${dateTime(project.changes_proposed_at)}` : ''}
            </Typography>
          </CardContent>
          <CardActions>
            <Button variant="contained" component={Link} to={`/staff/projects/${project.id}/changes`}>
              Compare and decide
            </Button>
          </CardActions>
        </Card>
      )}
    </PagedCards>
  );
}
