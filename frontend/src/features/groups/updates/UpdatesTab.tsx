import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { useListGroupUpdates } from '@/api/endpoints/groups/groups';
import { ReportButton } from '@/ui/moderation/ReportButton';
import type { GroupDetail } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { Picture } from '@/ui/Picture';
import { RichText } from '@/ui/RichText';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { embedUrl } from '@/lib/video';
import { statusText, updateStatusShown } from '@/ui/updates/format';

/** The detail page's Updates tab (members): approved updates, newest first; the owner and
 * moderators also see those waiting for staff (or refused), with their status and Edit. */
export function UpdatesTab({ group }: { group: GroupDetail }) {
  const updates = useListGroupUpdates(group.id, { perPage: 99 });
  // Members report others' updates, not their own.
  const me = useGetMe();
  const myId = me.data?.data.id;
  return (
    <Stack spacing={2}>
      {group.abilities.can_post_update && (
        <Button component={RouterLink} to={`/group-updates/${group.id}`} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Add updates
        </Button>
      )}
      {updates.isPending && <Loading />}
      {updates.isError && <ErrorState error={updates.error} onRetry={() => updates.refetch()} />}
      {updates.isSuccess && updates.data.data.length === 0 && <EmptyState>No updates</EmptyState>}
      {updates.data?.data.map((update) => {
        const video = embedUrl(update.video_url);
        return (
          <Card key={update.id} variant="outlined">
            <CardContent>
              {/* The tab has no heading of its own: each update is a section under the group's h1. */}
              <Typography variant="h6" component="h2">
                {update.title}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {update.created_by?.name} · {dateTime(update.created_at)}
                </Typography>
                {updateStatusShown[update.approved_status] && (
                  <Chip size="small" label={statusText(update.approved_status)} />
                )}
                {update.can_edit && (
                  <Button size="small" component={RouterLink} to={`/group-updates/${group.id}/${group.slug}/edit/${update.id}`}>
                    Edit
                  </Button>
                )}
              </Stack>
              {update.hidden_at && (
                <Alert severity="warning" sx={{ my: 1 }}>
                  Hidden from other members by the moderators.{update.hidden_reason ? ` Reason: ${update.hidden_reason}` : ''}
                </Alert>
              )}
              <RichText html={update.text} />
              {update.image && <Picture src={update.image} width={1200} height={675} sx={{ borderRadius: 1 }} />}
              {video && (
                <Box component="iframe" src={video} title={`${update.title} video`} sx={{ width: '100%', height: 300, border: 0, mt: 1 }} />
              )}
              {myId !== undefined && update.created_by?.id !== myId && (
                <ReportButton subjectType="group_update" subjectId={update.id} what={`the update ${update.title}`} />
              )}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
