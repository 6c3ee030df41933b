import { Alert, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetMyProject, useListMyProjectUpdates } from '@/api/endpoints/projects/projects';
import { useItemPageTitle } from '@/ui/page-title';
import { ErrorState, Loading } from '@/ui/QueryState';
import { UpdateRows } from '@/ui/updates/UpdateRows';
import { STATUS } from '../status';
import { ProjectUpdatesBreadcrumbs } from './ProjectUpdatesBreadcrumbs';

/** /project-updates/{project_id}: the owner's updates of a project (spec 2 §2). */
export function ProjectUpdatesPage() {
  const projectId = Number(useParams().projectId);
  const project = useGetMyProject(projectId);
  const updates = useListMyProjectUpdates(projectId, { perPage: 99 });
  useItemPageTitle(project, project.data && `${project.data.data.title} updates`, 'Project updates');
  const found = project.data?.data;
  const failed = project.error ?? updates.error;
  const retry = () => void Promise.all([project.refetch(), updates.refetch()]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <ProjectUpdatesBreadcrumbs projectId={projectId} />
      <Chip label="Project updates" color="primary" sx={{ mb: 1 }} />
      {(project.isPending || updates.isPending) && !failed && <Loading />}
      {failed && <ErrorState error={failed} onRetry={retry} />}
      {found && updates.data && (
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            <RouterLink to={`/project/${found.slug}`} style={{ color: 'inherit' }}>
              {found.title}
            </RouterLink>
          </Typography>
          {found.can_post_update ? (
            <>
              <Button component={RouterLink} to={`/project-updates/add?project_id=${projectId}`} variant="contained" sx={{ alignSelf: 'flex-start' }}>
                Add an update
              </Button>
              <UpdateRows updates={updates.data.data} editTo={(update) => `/project-updates/edit/${update.id}`} />
            </>
          ) : (
            <Alert severity="warning">Project status: {STATUS[found.status].label}</Alert>
          )}
        </Stack>
      )}
    </Container>
  );
}
