import { Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useCancelJoinRequest, useLeaveGroup } from '@/api/endpoints/groups/groups';
import type { GroupDetail, MemberRole } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';
import { useOpenedOnce } from '@/ui/useOpenedOnce';
import { LEAVE_REDIRECT_MS, roleColors, roleLabels } from './roles';
import { useRefreshGroup } from './useRefreshGroup';

// The consent form (and the form library with it) loads when a member asks to join.
const ConsentDialog = lazy(() => import('./ConsentDialog').then((m) => ({ default: m.ConsentDialog })));

const JOIN = 'Private member join';

const STATUS_TEXT: Record<MemberRole, string> = {
  admin: 'You run this working group: you manage its members, materials and updates.',
  moderator: 'You help run this working group: you handle join requests, invitations, materials and updates.',
  member: 'You are a member of this working group.',
};

function roleOf(group: GroupDetail): MemberRole | null {
  if (group.is_owner) return 'admin';
  if (group.is_moderator) return 'moderator';
  return group.is_member ? 'member' : null;
}

/** The join or status panel of the detail page (spec 2 §2, §4 Viewer relation, Join flow). */
export function JoinPanel({ group }: { group: GroupDetail }) {
  const role = roleOf(group);
  return (
    <Card variant="outlined">
      <CardContent>
        {role ? <MemberStatus group={group} role={role} /> : <JoinAction group={group} />}
      </CardContent>
    </Card>
  );
}

function MemberStatus({ group, role }: { group: GroupDetail; role: MemberRole }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveGroup();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshGroup(group.slug);

  const confirm = async () => {
    try {
      const { data } = await leave.mutateAsync({ slug: group.slug });
      setConfirming(false);
      toast(data.message, 'success', 'Success');
      window.setTimeout(() => {
        void refresh();
        void navigate('/working-groups/list');
      }, LEAVE_REDIRECT_MS);
    } catch {
      // Spec 2 §8: a failed leave on the detail screen is not announced.
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Chip label={roleLabels[role]} color={roleColors[role]} aria-label={`Your status: ${roleLabels[role]}`} />
      <Typography variant="body2" color="text.secondary">
        {STATUS_TEXT[role]}
      </Typography>
      {group.abilities.can_leave && (
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)} disabled={leave.isPending || leave.isSuccess}>
          Leave
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Leave ${group.title}?`}
        danger
        busy={leave.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        You will no longer see the members, updates and private discussions of this working group.
      </ConfirmDialog>
    </Stack>
  );
}

function JoinAction({ group }: { group: GroupDetail }) {
  const { isSignedIn } = useAuth();
  const [params, setParams] = useSearchParams();
  // Back from signing in with joinGroup=true: the join flow opens by itself, once.
  const asked = params.get('joinGroup') === 'true';
  const [consenting, setConsenting] = useState(() => asked && isSignedIn && !group.has_join_request);
  const [signingIn, setSigningIn] = useState(false);
  const consentOpened = useOpenedOnce(consenting);
  const cancel = useCancelJoinRequest();
  const toast = useToast();
  const refresh = useRefreshGroup(group.slug);

  useEffect(() => {
    if (!asked || !isSignedIn) return;
    setParams(
      (current) => {
        current.delete('joinGroup');
        return current;
      },
      { replace: true },
    );
  }, [asked, isSignedIn, setParams]);

  const back = `/working-groups/${group.slug}?joinGroup=true`;
  const cancelRequest = async () => {
    try {
      const { data } = await cancel.mutateAsync({ slug: group.slug });
      toast(data.message);
      await refresh();
    } catch {
      toast(SOMETHING_WENT_WRONG, 'error', 'Error');
    }
  };

  if (!group.abilities.can_join) return <Typography color="text.secondary">This working group does not take new members yet.</Typography>;
  if (group.has_join_request) {
    return (
      <Stack spacing={1}>
        <Button variant="contained" disabled>
          Join request has been sent
        </Button>
        <Button onClick={cancelRequest} disabled={cancel.isPending}>
          Cancel
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <Button variant="contained" fullWidth onClick={() => (isSignedIn ? setConsenting(true) : setSigningIn(true))}>
        {JOIN}
      </Button>
      {consentOpened && (
        <Suspense fallback={null}>
          <ConsentDialog
            group={group}
            open={consenting}
            onClose={() => setConsenting(false)}
            onSent={() => {
              setConsenting(false);
              void refresh();
            }}
          />
        </Suspense>
      )}
      <Dialog open={signingIn} onClose={() => setSigningIn(false)} aria-labelledby="join-sign-in-title">
        <DialogTitle id="join-sign-in-title">Sign in to join</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Working groups are for Cohort members. Sign in, or create a free account, and you will come straight back here to
            send your join request.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSigningIn(false)}>Cancel</Button>
          <Button component={RouterLink} to={`/register-lite?redirect_to=${encodeURIComponent(back)}`}>
            Sign up
          </Button>
          <Button component={RouterLink} to={`/login?redirect_to=${encodeURIComponent(back)}`} variant="contained">
            Sign in
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
