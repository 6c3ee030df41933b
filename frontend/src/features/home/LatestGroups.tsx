import GroupsIcon from '@mui/icons-material/Groups';
import { Box, Button, Card, CardActionArea, CardContent, CardMedia, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useListGroups } from '@/api/endpoints/groups/groups';
import { plainText } from '@/lib/html-text';
import { EmptyState } from '@/ui/QueryState';
import { counted } from '@/lib/plural';

/** Spec 2 §7: the landing page shows 3 groups. */
const LANDING_COUNT = 3;

/** The three newest working groups, with a link to them all. */
export function LatestGroups() {
  const groups = useListGroups({ perPage: LANDING_COUNT, ordering: '-created_at' });
  return (
    <Box component="section" aria-labelledby="landing-groups">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 3 }}>
        <Typography variant="h3" component="h2" id="landing-groups">
          Working Groups
        </Typography>
        <Button component={RouterLink} to="/working-groups/list">
          View all
        </Button>
      </Stack>
      {groups.isSuccess && groups.data.data.length === 0 && <EmptyState>No working groups found</EmptyState>}
      <Grid container spacing={3}>
        {groups.data?.data.map((group) => (
          <Grid key={group.id} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/working-groups/${group.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
                <CardMedia component={group.image_thumbnail ? 'img' : 'div'} image={group.image_thumbnail ?? undefined} alt="" sx={{ height: 150, bgcolor: 'primary.light', objectFit: 'cover' }} />
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h3">
                    {group.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', my: 1 }}>
                    {plainText(group.summary)}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                    <GroupsIcon fontSize="small" />
                    <Typography variant="body2">{counted(group.members, 'member')}</Typography>
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
