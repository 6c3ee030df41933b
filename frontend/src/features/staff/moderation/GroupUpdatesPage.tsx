import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { staffReviewGroupUpdate, useStaffGroupUpdateQueue } from '@/api/endpoints/staff/staff';
import type { StaffGroupUpdate } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { RichText } from '@/ui/RichText';
import { ReasonDialog } from '../ui/ReasonDialog';
import { PagedCards } from '../ui/PagedCards';
import { StaffPage } from '../ui/StaffPage';
import { useRun } from '../ui/useRun';

const PER_PAGE = 10;

/** /staff/group-updates: updates members posted to their groups, waiting for approval. */
export function GroupUpdatesPage() {
  const [page, setPage] = useState(1);
  const queue = useStaffGroupUpdateQueue({ page, perPage: PER_PAGE });
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<{ update: StaffGroupUpdate; approve: boolean } | null>(null);


  return (
    <StaffPage title="Group updates">
      <PagedCards query={queue} perPage={PER_PAGE} page={page} onPage={setPage} empty="No update is waiting for approval.">
        {(update) => (
          <Card key={update.id} variant="outlined" component="article" aria-label={update.title}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {update.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Link to={`/working-groups/${update.group.slug}`}>{update.group.title}</Link> ·{' '}
                {update.created_by?.name ?? 'Unknown'} · {dateTime(update.created_at)}
              </Typography>
              {update.image && (
                <Box component="img" src={update.image} alt="" sx={{ mt: 2, maxWidth: '100%', maxHeight: 240, borderRadius: 1 }} />
              )}
              <RichText html={update.text} />
              {update.video_url && (
                <Typography variant="body2">
                  Video: <a href={update.video_url} target="_blank" rel="noreferrer">{update.video_url}</a>
                </Typography>
              )}
            </CardContent>
            <CardActions>
              <Button variant="contained" onClick={() => setDeciding({ update, approve: true })}>
                Approve
              </Button>
              <Button color="error" onClick={() => setDeciding({ update, approve: false })}>
                Reject
              </Button>
            </CardActions>
          </Card>
        )}
      </PagedCards>
      {deciding && (
        <ReasonDialog
          open
          title={deciding.approve ? 'Approve this update?' : 'Reject this update?'}
          text={deciding.approve ? 'It shows on the group at once and its author is told.' : 'Its author is told, with your reason.'}
          confirmLabel={deciding.approve ? 'Approve' : 'Reject'}
          danger={!deciding.approve}
          busy={busy}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            void run(
              () =>
                staffReviewGroupUpdate(deciding.update.id, deciding.approve ? 'approve' : 'reject', {
                  reason: reason || null,
                }),
              deciding.approve ? 'Update approved.' : 'Update rejected.',
            ).then((ok) => ok && setDeciding(null))
          }
        />
      )}
    </StaffPage>
  );
}
