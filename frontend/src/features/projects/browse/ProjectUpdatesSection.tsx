import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { getListProjectUpdatesQueryKey, listProjectUpdates } from '@/api/endpoints/projects/projects';
import { useAuth } from '@/lib/auth';
import { ReportButton } from '@/ui/moderation/ReportButton';
import { dateTime } from '@/lib/dates';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';

/** A project's approved updates, newest first; its owner also gets the way to post one. */
export function ProjectUpdatesSection({ slug, projectId, canPost }: { slug: string; projectId: number; canPost: boolean }) {
  const pages = usePages(getListProjectUpdatesQueryKey(slug), (page) => listProjectUpdates(slug, { page }));
  const updates = pages.data?.pages.flatMap((page) => page.data) ?? [];
  // Signed-in readers report others' updates, not their own.
  const { isSignedIn } = useAuth();
  const me = useGetMe({ query: { enabled: isSignedIn } });
  const myId = me.data?.data.id;
  return (
    <Box component="section" aria-labelledby="project-updates" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2" id="project-updates">
          Updates
        </Typography>
        {canPost && (
          <Button component={RouterLink} to={`/project-updates/${projectId}`}>
            Manage updates
          </Button>
        )}
      </Stack>
      {pages.isPending && <Loading label="Loading the updates" />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.isSuccess && updates.length === 0 && <EmptyState>No updates</EmptyState>}
      <Stack spacing={2} sx={{ mt: 1 }}>
        {updates.map((update) => (
          <Card key={update.id} variant="outlined" component="article" aria-labelledby={`update-${update.id}`}>
            <CardContent>
              <Typography variant="h6" component="h3" id={`update-${update.id}`}>
                {update.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dateTime(update.created_at)}
              </Typography>
              {update.image && (
                <Box component="img" src={update.image} alt="" loading="lazy" sx={{ mt: 1.5, maxWidth: '100%', borderRadius: 1 }} />
              )}
              <RichText html={update.text} />
              {myId !== undefined && update.created_by?.id !== myId && (
                <ReportButton subjectType="project_update" subjectId={update.id} what={`the update ${update.title}`} />
              )}
              {update.video_url && (
                <Typography variant="body2">
                  Video:{' '}
                  <a href={update.video_url} target="_blank" rel="noreferrer">
                    {update.video_url}
                  </a>
                </Typography>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      <LoadMore pages={pages} />
    </Box>
  );
}
