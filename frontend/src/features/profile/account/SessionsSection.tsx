import ComputerIcon from '@mui/icons-material/Computer';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getListMySessionsQueryKey, useEndMyOtherSessions, useEndMySession, useListMySessions } from '@/api/endpoints/security/security';
import type { ActiveSession } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { Section } from './Section';

/** Systems a phone or tablet runs, drawn with a phone. */
const HANDHELD = new Set(['iPhone', 'iPad', 'Android']);

/** Sessions (issue 49 §1): where the member is signed in, this device first; any other
 * session signed out here, or all of them at once. */
export function SessionsSection() {
  const sessions = useListMySessions();
  const endOthers = useEndMyOtherSessions();
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListMySessionsQueryKey() });
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
  const onConfirm = async () => {
    try {
      const { data } = await endOthers.mutateAsync();
      toast(data.message);
      setAsking(false);
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  return (
    <Section title="Where you're signed in">
      {sessions.isPending && <Loading label="Loading your sessions" />}
      {sessions.isError && <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.isSuccess && (
        <>
          <Stack component="ul" spacing={2} aria-label="Your sessions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sessions.data.data.map((session) => (
              <SessionItem key={session.id} session={session} onEnded={() => void refresh()} />
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {others === 0 ? 'You are signed in on this device only.' : 'Lost a device, or signed in somewhere you should not be?'}
            </Typography>
            <Button variant="outlined" color="error" disabled={others === 0} onClick={() => setAsking(true)} sx={{ flexShrink: 0 }}>
              Sign out everywhere else
            </Button>
          </Stack>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        danger
        busy={endOthers.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setAsking(false)}
      >
        Every other browser and device signed in to your account will be signed out at once. This device stays signed in.
      </ConfirmDialog>
    </Section>
  );
}

/** One session: its browser and system, since when, last used when; signed out here unless
 * it is this device's (the header's Logout ends that one). */
function SessionItem({ session, onEnded }: { session: ActiveSession; onEnded: () => void }) {
  const end = useEndMySession();
  const toast = useToast();
  const name = `${session.browser} on ${session.system}`;
  const Icon = HANDHELD.has(session.system) ? PhoneIphoneIcon : ComputerIcon;
  const onEnd = async () => {
    try {
      const { data } = await end.mutateAsync({ id: session.id });
      toast(data.message);
      onEnded();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  return (
    <Stack
      component="li"
      aria-label={session.current ? `${name}, this device` : name}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
        <Icon color="action" aria-hidden sx={{ mt: 0.25 }} />
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            {session.current && <Chip size="small" color="success" variant="outlined" label="This device" />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Signed in {dateTime(session.created_at)} · Last active {dateTime(session.last_active_at)}
          </Typography>
        </Stack>
      </Stack>
      {!session.current && (
        <Button variant="outlined" disabled={end.isPending} onClick={() => void onEnd()} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
          Sign out
        </Button>
      )}
    </Stack>
  );
}
