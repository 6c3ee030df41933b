import { Alert, Button, Stack } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAcceptInvitation, useCheckInvitation } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';
import { AgreementText } from '../agreement/AgreementText';
import { useRefreshGroup } from './useRefreshGroup';

/**
 * Opening an invitation link (spec 2 §4 Join flow): a member goes straight to the group;
 * a non-member confirms; a spent or withdrawn link says so. Signed out, the visitor signs
 * in or signs up first and comes back to this same link.
 */
export function InvitationPrompt({ group, token }: { group: GroupDetail; token: string }) {
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const groupPage = `/working-groups/${group.slug}`;

  useEffect(() => {
    if (isSignedIn && group.is_member) void navigate(groupPage, { replace: true });
  }, [isSignedIn, group.is_member, groupPage, navigate]);

  if (!isSignedIn) {
    const here = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Alert
        severity="info"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button color="inherit" size="small" component={RouterLink} to={`/login?redirect_to=${here}`}>
              Sign in
            </Button>
            <Button color="inherit" size="small" component={RouterLink} to={`/register-lite?redirect_to=${here}`}>
              Sign up
            </Button>
          </Stack>
        }
      >
        You have been invited to join this working group. Sign in, or create an account with the address the invitation
        was sent to, to accept it.
      </Alert>
    );
  }
  if (group.is_member) return null;
  return <ConfirmInvitation group={group} token={token} />;
}

function ConfirmInvitation({ group, token }: { group: GroupDetail; token: string }) {
  const check = useCheckInvitation(group.slug, token);
  const accept = useAcceptInvitation();
  const toast = useToast();
  const navigate = useNavigate();
  const refresh = useRefreshGroup(group.slug);
  const groupPage = `/working-groups/${group.slug}`;

  if (check.isError) return <Alert severity="warning">{errorMessage(check.error)}</Alert>;
  if (!check.data) return null;
  const invitation = check.data.data;

  const yes = async () => {
    try {
      const { data } = await accept.mutateAsync({
        slug: group.slug,
        inviteHash: token,
        params: { agreement_version: group.agreement.version ?? undefined },
      });
      toast(data.message, 'success', 'Success');
      await refresh();
      void navigate(groupPage, { replace: true });
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };

  return (
    <ConfirmDialog
      open
      title={`Join ${invitation.group_title}?`}
      confirmLabel="Yes"
      busy={accept.isPending}
      onConfirm={yes}
      onClose={() => void navigate(groupPage, { replace: true })}
    >
      {invitation.invited_by ? `${invitation.invited_by.name} invited you to join this working group.` : 'You have been invited to join this working group.'}
      {invitation.message && <q style={{ display: 'block', marginTop: 12, whiteSpace: 'pre-wrap' }}>{invitation.message}</q>}
      {group.agreement.version && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <AgreementText slug={group.slug} />
          <span>By choosing Yes you accept the data-use agreement (version {group.agreement.version}).</span>
        </Stack>
      )}
    </ConfirmDialog>
  );
}
