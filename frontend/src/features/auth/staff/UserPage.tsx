import { Button, Card, CardContent, Chip, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { staffDeactivateUser, staffDeleteUser, staffExportUser, staffReactivateUser, staffResendConfirmation, staffResetTwoFactor, staffSetContentExpert, staffSetUserRole, useStaffGetUser } from '@/api/endpoints/auth-staff/auth-staff';
import type { StaffRole, StaffUserDetail } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { affiliationStatusLabels } from '@/lib/labels';
import { ErrorState, Loading } from '@/ui/QueryState';
import { AuditList } from '@/ui/console/AuditList';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { ROLE_LABELS, STATE_COLORS, STATE_LABELS } from '@/ui/console/accountLabels';

type Decision = 'deactivate' | 'reactivate' | 'reset-two-factor' | 'role' | 'content-expert' | 'export' | 'delete';

/** /staff/users/:id: one account's state, what staff may do to it, and its history. */
export function UserPage() {
  const id = Number(useParams().id);
  const user = useStaffGetUser(id);
  if (user.isPending) return <Loading />;
  if (user.isError) return <ErrorState pageHeading error={user.error} onRetry={() => void user.refetch()} />;
  return <UserDetail user={user.data.data} />;
}

function UserDetail({ user }: { user: StaffUserDetail }) {
  const me = useGetMe();
  const self = me.data?.data.id === user.id;
  // What may be done comes from the server's policy (the can_* flags of the account view).
  const canAct = user.can_switch_state || user.can_set_role || user.can_reset_two_factor || user.can_appoint_content_expert;
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [chosenRole, setChosenRole] = useState<StaffRole | ''>(user.staff_role ?? '');
  const roleLabel = chosenRole ? ROLE_LABELS[chosenRole] : 'no staff role';

  const decide = (reason: string) => {
    const body = { reason: reason || null };
    const actions: Record<Decision, [() => Promise<unknown>, string?]> = {
      // The server says what happens next.
      export: [() => staffExportUser(user.id)],
      delete: [() => staffDeleteUser(user.id, body)],
      deactivate: [() => staffDeactivateUser(user.id, body), 'The account was deactivated; its sessions have ended.'],
      reactivate: [() => staffReactivateUser(user.id, body), 'The account was reactivated.'],
      'reset-two-factor': [() => staffResetTwoFactor(user.id, body), 'Two-factor sign-in was reset.'],
      role: [() => staffSetUserRole(user.id, { staff_role: chosenRole || null, reason: body.reason }), 'The staff role was changed.'],
      'content-expert': [
        () => staffSetContentExpert(user.id, { content_expert: !user.content_expert, reason: body.reason }),
        user.content_expert ? 'The Content Expert appointment was revoked.' : 'Appointed as a Content Expert.',
      ],
    };
    const [action, done] = actions[deciding ?? 'deactivate'];
    void run(action, done).then((ok) => ok && setDeciding(null));
  };

  const dialogs: Record<Decision, { title: string; text: string; label: string; danger?: boolean }> = {
    export: {
      title: `Export ${user.name}'s data?`,
      text: 'Everything Cohort holds about them is gathered into a ZIP; the download link is e-mailed to you. The export is recorded in the history.',
      label: 'Export',
    },
    delete: {
      title: `Delete ${user.name}'s account?`,
      text: 'Their personal records are deleted and the account is anonymised, as the privacy policy says: their posts, groups and payment records stay and name a former member. This cannot be undone.',
      label: 'Delete account',
      danger: true,
    },
    deactivate: {
      title: `Deactivate ${user.name}?`,
      text: 'They are signed out everywhere and cannot sign in until reactivated.',
      label: 'Deactivate',
      danger: true,
    },
    reactivate: { title: `Reactivate ${user.name}?`, text: 'They can sign in again.', label: 'Reactivate' },
    'reset-two-factor': {
      title: `Reset ${user.name}'s two-factor sign-in?`,
      text: 'Their authenticator no longer works; they sign in with their password and can set it up again.',
      label: 'Reset',
      danger: true,
    },
    role: { title: `Give ${user.name} ${roleLabel}?`, text: 'Staff roles open the console.', label: 'Change role' },
    'content-expert': user.content_expert
      ? { title: `Revoke ${user.name} as a Content Expert?`, text: 'They no longer give final approval of funding.', label: 'Revoke', danger: true }
      : {
          title: `Appoint ${user.name} as a Content Expert?`,
          text: 'Content Experts give projects whose pledges reached the goal their final approval: then every pledge is charged.',
          label: 'Appoint',
        },
  };

  return (
    <StaffPage title={user.name}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip color={STATE_COLORS[user.state]} label={STATE_LABELS[user.state]} />
        {user.staff_role && <Chip color="primary" label={ROLE_LABELS[user.staff_role]} />}
        {user.content_expert && <Chip color="secondary" label="Content Expert" />}
        {self && <Chip variant="outlined" label="You" />}
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Grid container spacing={1.5} component="dl" sx={{ m: 0 }}>
                <Fact label="E-mail">
                  {user.email} {user.email_confirmed ? '(confirmed)' : '(not confirmed)'}
                </Fact>
                <Fact label="Joined">{dateTime(user.date_joined)}</Fact>
                <Fact label="Phone">
                  {user.phone_number ? `${user.phone_number} ${user.phone_confirmed ? '(confirmed)' : '(not confirmed)'}` : '—'}
                </Fact>
                <Fact label="Two-factor">{user.two_factor_enabled ? 'On' : 'Off'}</Fact>
                <Fact label="Single sign-on">{user.sign_in_providers.length ? user.sign_in_providers.join(', ') : '—'}</Fact>
                <Fact label="Active sessions">{user.active_sessions}</Fact>
                {user.locked_until && <Fact label="Locked out until">{dateTime(user.locked_until)}</Fact>}
                {user.deactivated_at && <Fact label="Deactivated">{dateTime(user.deactivated_at)}</Fact>}
                <Fact label="Affiliation">
                  {user.affiliation
                    ? `${user.affiliation} (${affiliationStatusLabels[user.affiliation_status]})`
                    : '—'}
                </Fact>
                <Fact label="University e-mail">
                  {user.university_affiliate_email
                    ? `${user.university_affiliate_email} ${user.university_email_confirmed ? '(confirmed)' : '(not confirmed)'}`
                    : '—'}
                </Fact>
                <Fact label="Profile page">
                  {user.university_profile_page_url ? (
                    <a href={user.university_profile_page_url} target="_blank" rel="noreferrer">
                      {user.university_profile_page_url}
                    </a>
                  ) : (
                    '—'
                  )}
                </Fact>
              </Grid>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  Actions
                </Typography>
                {!canAct && (
                  <Typography color="text.secondary">
                    {self ? 'Staff cannot act on their own account here.' : "Only an admin can act on a staff member's account."}
                  </Typography>
                )}
                {user.can_switch_state &&
                  (user.deactivated_at ? (
                    <Button variant="contained" onClick={() => setDeciding('reactivate')}>
                      Reactivate
                    </Button>
                  ) : (
                    <Button variant="outlined" color="error" onClick={() => setDeciding('deactivate')}>
                      Deactivate
                    </Button>
                  ))}
                {user.can_switch_state && !user.email_confirmed && (
                  <Button
                    variant="outlined"
                    disabled={busy}
                    onClick={() => void run(() => staffResendConfirmation(user.id), 'The confirmation e-mail was sent again.')}
                  >
                    Resend confirmation e-mail
                  </Button>
                )}
                {user.can_reset_two_factor && user.two_factor_enabled && (
                  <Button variant="outlined" color="error" onClick={() => setDeciding('reset-two-factor')}>
                    Reset two-factor
                  </Button>
                )}
                {user.can_set_role && (
                  <Stack direction="row" spacing={1}>
                    <TextField
                      select
                      size="small"
                      label="Staff role"
                      value={chosenRole}
                      onChange={(event) => setChosenRole(event.target.value as StaffRole | '')}
                      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                      sx={{ flex: 1 }}
                    >
                      <MenuItem value="">None</MenuItem>
                      <MenuItem value="moderator">Moderator</MenuItem>
                      <MenuItem value="admin">Admin</MenuItem>
                    </TextField>
                    <Button disabled={chosenRole === (user.staff_role ?? '')} onClick={() => setDeciding('role')}>
                      Apply
                    </Button>
                  </Stack>
                )}
                <Button variant="outlined" onClick={() => setDeciding('export')}>
                  Export data
                </Button>
                {user.can_delete && (
                  <Button variant="outlined" color="error" onClick={() => setDeciding('delete')}>
                    Delete account
                  </Button>
                )}
                {user.can_appoint_content_expert && (
                  <Button variant="outlined" onClick={() => setDeciding('content-expert')}>
                    {user.content_expert ? 'Revoke Content Expert' : 'Appoint as Content Expert'}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Typography variant="h6" component="h2">
        History
      </Typography>
      <AuditList records={user.history} empty="No staff decision about this account yet." />
      {deciding && (
        <ReasonDialog
          open
          title={dialogs[deciding].title}
          text={dialogs[deciding].text}
          confirmLabel={dialogs[deciding].label}
          danger={dialogs[deciding].danger}
          busy={busy}
          onClose={() => setDeciding(null)}
          onConfirm={decide}
        />
      )}
    </StaffPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 4 }} component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }} component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Grid>
    </>
  );
}
