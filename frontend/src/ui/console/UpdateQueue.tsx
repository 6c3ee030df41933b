import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserSummary } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { RichText } from '@/ui/RichText';
import { PagedCards } from './PagedCards';
import type { Pagination } from './ServerGrid';
import { ReasonDialog } from './ReasonDialog';
import { StaffPage } from './StaffPage';
import { useRun } from './useRun';

export const UPDATES_PER_PAGE = 10;

/** What the queue shows of one update (group and project updates alike). */
export interface QueuedUpdate {
  id: number;
  title: string;
  text: string;
  image?: string | null;
  video_url?: string | null;
  created_at: string;
  created_by?: UserSummary | null;
}

interface Props<U extends QueuedUpdate> {
  title: string;
  query: {
    data?: { data: U[]; pagination: Pagination };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  /** Where the update is posted: a link and a name. */
  placeOf: (update: U) => { to: string; name: string };
  /** Where an approved update shows. */
  shownOn: string;
  review: (id: number, action: 'approve' | 'reject', reason: string | null) => Promise<unknown>;
}

/** Updates waiting for approval, each approved or rejected with a reason the author reads. */
export function UpdateQueue<U extends QueuedUpdate>({ title, query, page, onPage, placeOf, shownOn, review }: Props<U>) {
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<{ update: U; approve: boolean } | null>(null);
  return (
    <StaffPage title={title}>
      <PagedCards query={query} perPage={UPDATES_PER_PAGE} page={page} onPage={onPage} empty="No update is waiting for approval.">
        {(update) => {
          const place = placeOf(update);
          return (
            <Card key={update.id} variant="outlined" component="article" aria-label={update.title}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {update.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <Link to={place.to}>{place.name}</Link> · {update.created_by?.name ?? 'Unknown'} · {dateTime(update.created_at)}
                </Typography>
                {update.image && <Box component="img" src={update.image} alt="" sx={{ mt: 2, maxWidth: '100%', maxHeight: 240, borderRadius: 1 }} />}
                <RichText html={update.text} />
                {update.video_url && (
                  <Typography variant="body2">
                    Video:{' '}
                    <a href={update.video_url} target="_blank" rel="noreferrer">
                      {update.video_url}
                    </a>
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
          );
        }}
      </PagedCards>
      {deciding && (
        <ReasonDialog
          open
          title={deciding.approve ? 'Approve this update?' : 'Reject this update?'}
          text={deciding.approve ? `It shows on ${shownOn} at once and its author is told.` : 'Its author is told, with your reason.'}
          confirmLabel={deciding.approve ? 'Approve' : 'Reject'}
          danger={!deciding.approve}
          busy={busy}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            void run(
              () => review(deciding.update.id, deciding.approve ? 'approve' : 'reject', reason || null),
              deciding.approve ? 'Update approved.' : 'Update rejected.',
            ).then((ok) => ok && setDeciding(null))
          }
        />
      )}
    </StaffPage>
  );
}
