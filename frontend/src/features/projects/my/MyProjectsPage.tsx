import { Alert, Button, Card, CardActions, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useListMyProjects } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { STATUS } from '../status';

/** /my-projects: the caller's projects in every state, each with its next step. */
export function MyProjectsPage() {
  usePageTitle('My projects');
  const projects = useListMyProjects();
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
      {projects.isPending ? (
        <Loading />
      ) : projects.error ? (
        <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.data.length === 0 ? (
        <EmptyState>You have no projects yet.</EmptyState>
      ) : (
        <Stack spacing={2}>
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
        </Stack>
        {project.rejection_reason && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Staff sent it back: {project.rejection_reason}
          </Alert>
        )}
      </CardContent>
      {project.can_edit && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button component={RouterLink} to={`/submit-project/${project.id}`} variant="outlined">
            {project.status === 'rejected' ? 'Edit and submit again' : 'Continue'}
          </Button>
        </CardActions>
      )}
      {(project.status === 'live' || project.status === 'closed') && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button component={RouterLink} to={`/project/${project.slug}`} variant="outlined">
            View
          </Button>
          <Button component={RouterLink} to={`/project-updates/${project.id}`}>
            Updates
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
