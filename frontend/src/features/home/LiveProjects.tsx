import { Box, Button, Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useListProjects } from '@/api/endpoints/projects/projects';
import { FundingProgress } from '@/ui/FundingProgress';
import { Picture } from '@/ui/Picture';
import { EmptyState } from '@/ui/QueryState';

/** As many live campaigns as working groups on the landing page. */
const LANDING_COUNT = 3;

/** The newest live projects with their funding progress, and the ways into projects. */
export function LiveProjects() {
  const projects = useListProjects({ perPage: LANDING_COUNT, sort: 'newest' });
  return (
    <Box component="section" aria-labelledby="landing-projects">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 3 }}>
        <Typography variant="h3" component="h2" id="landing-projects">
          Projects
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/submit-project">
            Submit a project
          </Button>
          <Button component={RouterLink} to="/projects">
            View all
          </Button>
        </Stack>
      </Stack>
      {projects.isSuccess && projects.data.data.length === 0 && <EmptyState>No project is live yet.</EmptyState>}
      <Grid container spacing={3}>
        {projects.data?.data.map((project) => (
          <Grid key={project.id} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" component="article" aria-labelledby={`landing-project-${project.id}`} sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/project/${project.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
                {project.image ? (
                  <Picture src={project.image} thumbnail={project.image_thumbnail} width={1200} height={630} sizes="(min-width: 900px) 380px, 100vw" />
                ) : (
                  <Box sx={{ height: 150, bgcolor: 'primary.light' }} />
                )}
                <CardContent sx={{ flex: 1 }}>
                  <Stack spacing={1}>
                    <Typography variant="h6" component="h3" id={`landing-project-${project.id}`}>
                      {project.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {project.owner?.name ?? 'Unknown'}
                    </Typography>
                    <FundingProgress funding={project.funding} goalCents={project.funding_goal_cents} />
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
