import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Spec 2 §2: Home › Projects › Projects updates (› the form). */
export function ProjectUpdatesBreadcrumbs({ projectId, current }: { projectId: number; current?: string }) {
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Home
      </Link>
      <Link component={RouterLink} to="/my-projects" underline="hover" color="inherit">
        Projects
      </Link>
      {current ? (
        <Link component={RouterLink} to={`/project-updates/${projectId}`} underline="hover" color="inherit">
          Projects updates
        </Link>
      ) : (
        <Typography color="text.primary">Projects updates</Typography>
      )}
      {current && <Typography color="text.primary">{current}</Typography>}
    </Breadcrumbs>
  );
}
