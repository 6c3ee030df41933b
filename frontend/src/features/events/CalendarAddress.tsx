import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getGetCalendarFeedQueryKey, renewCalendarFeed, revokeCalendarFeed, useGetCalendarFeed } from '@/api/endpoints/events/events';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';

/**
 * The member's secret calendar address: made (or made again, retiring the old one) and shown
 * once, or revoked. Only its hash is kept, so a lost address is replaced, not shown again.
 */
export function CalendarAddress() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const feed = useGetCalendarFeed();
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: getGetCalendarFeedQueryKey() });

  const make = async () => {
    setBusy(true);
    try {
      setShown((await renewCalendarFeed()).data.url);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      toast((await revokeCalendarFeed()).data.message, 'success');
      setShown(null);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
      setRevoking(false);
    }
  };

  const madeAt = feed.data?.data.created_at;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="calendar-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography id="calendar-heading" variant="h5" component="h2">
          Calendar address
        </Typography>
        <Typography color="text.secondary">
          Subscribe to your events in your calendar app (Google Calendar, Outlook, Apple Calendar). Anyone with the address sees
          your events: keep it to yourself.
        </Typography>
        {feed.isPending && <Loading label="Loading your calendar address" />}
        {feed.isError && <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />}
        {shown && (
          <Alert severity="success">
            <Stack spacing={1}>
              <span>Copy your address now: it is not shown again.</span>
              <TextField value={shown} label="Your calendar address" slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} fullWidth />
            </Stack>
          </Alert>
        )}
        {feed.isSuccess && madeAt && !shown && <Typography>You made your address on {dateTime(madeAt)}.</Typography>}
        {feed.isSuccess && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void make()} disabled={busy}>
              {madeAt ? 'Make a new address' : 'Make my calendar address'}
            </Button>
            {madeAt && (
              <Button color="error" onClick={() => setRevoking(true)} disabled={busy}>
                Revoke the address
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={revoking}
        title="Revoke your calendar address?"
        confirmLabel="Revoke"
        danger
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(false)}
      >
        Calendars subscribed to it stop getting your events.
      </ConfirmDialog>
    </Paper>
  );
}
