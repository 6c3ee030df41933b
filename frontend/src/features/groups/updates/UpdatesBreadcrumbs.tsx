import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

interface Props {
  groupId: number;
  /** The group, once known (the form pages link back to it). */
  group?: { slug: string; title: string };
  /** The page's own name, when it is below the updates list. */
  current?: string;
}

/** Home › My Working Groups › the group › Working Group updates (› the form). */
export function UpdatesBreadcrumbs({ groupId, group, current }: Props) {
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 2 }}>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Home
      </Link>
      <Link component={RouterLink} to="/working-groups/my" underline="hover" color="inherit">
        My Working Groups
      </Link>
      {group && (
        <Link component={RouterLink} to={`/working-groups/${group.slug}`} underline="hover" color="inherit">
          {group.title}
        </Link>
      )}
      {current ? (
        <Link component={RouterLink} to={`/group-updates/${groupId}`} underline="hover" color="inherit">
          Working Group updates
        </Link>
      ) : (
        <Typography color="text.primary">Working Group updates</Typography>
      )}
      {current && <Typography color="text.primary">{current}</Typography>}
    </Breadcrumbs>
  );
}
