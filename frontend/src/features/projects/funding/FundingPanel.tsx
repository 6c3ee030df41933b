import { Alert, type AlertColor, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { cancelMyPledge, changeMyPledge, useListMyPledges } from '@/api/endpoints/projects/projects';
import type { FundingState, MyPledge, ProjectPage } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useToast } from '@/ui/toast';
import { FundingProgress } from '@/ui/FundingProgress';
import { FailedChargeNotice } from './FailedChargeNotice';
import { goal, toCents, toDollars } from '@/lib/money';
import { loginPathFor } from '@/lib/redirect';

// The pledge form (its card entry and checks) loads when the donor opens it.
const PledgeDialog = lazy(() => import('./PledgeDialog').then((m) => ({ default: m.PledgeDialog })));

/** What the funding box says once the campaign's pledges are past the open phase. */
/** What the box says of a campaign past taking pledges: good news, or how it ended. */
const STATE_NOTES: Partial<Record<FundingState, { text: string; severity: AlertColor }>> = {
  goal_reached: { text: 'The goal is reached: pledges are locked while a Content Expert reviews the project for funding.', severity: 'success' },
  charging: { text: 'A Content Expert approved the funding: the pledges are being charged.', severity: 'success' },
  funded: { text: 'Funded: every pledge is charged and the funds are on their way to the research team.', severity: 'success' },
  in_escrow: { text: 'Funded: the funds are held in escrow and paid out milestone by milestone, as a Content Expert verifies each.', severity: 'success' },
  disbursed: { text: 'Funded: the funds were paid out to the research team’s institution.', severity: 'success' },
  abandoned: { text: 'The project ended on a milestone: what was left in escrow went back to its donors, in proportion to their pledges.', severity: 'warning' },
  released: { text: 'Every pledge was released: no one was charged.', severity: 'info' },
  refunded: { text: 'The owner refunded every pledge: the funding contract is void.', severity: 'info' },
};

/** The project page's funding box: raised against the goal, and the viewer's way to back
 * the project, or their own pledge to change or cancel while it may change. */
export function FundingPanel({ project, left }: { project: ProjectPage; left: string | null }) {
  const { isSignedIn } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pledging, setPledging] = useState(false);
  const pledges = useListMyPledges({ query: { enabled: isSignedIn } });
  const mine = pledges.data?.data.find((p) => p.project.id === project.id && p.is_pledged);
  const failed = pledges.data?.data.find((p) => p.project.id === project.id && p.update_card_by);
  const refresh = () => queryClient.invalidateQueries();
  const { funding } = project;
  const note = STATE_NOTES[funding.state];

  return (
    <Box component="section" aria-label="Funding" sx={{ p: 2, mb: 3, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Stack spacing={1.5}>
        <Typography variant="h5" component="p">
          Goal {goal(project.funding_goal_cents)}
        </Typography>
        <FundingProgress funding={funding} goalCents={project.funding_goal_cents} size="large" />
        <Typography color="text.secondary">
          All or nothing{project.campaign_days ? ` · a ${project.campaign_days}-day campaign` : ''}
          {left ? ` · ${left}` : ''}
        </Typography>
        {note && <Alert severity={note.severity}>{note.text}</Alert>}
        {project.abilities.awaits_protocol && <Alert severity="info">{project.abilities.awaits_protocol}</Alert>}
        {failed && <FailedChargeNotice pledge={failed} onUpdated={refresh} />}
        {mine && <OwnPledge pledge={mine} onChanged={refresh} />}
        {!mine && project.abilities.can_pledge && (
          <Button variant="contained" color="secondary" onClick={() => setPledging(true)} sx={{ alignSelf: 'flex-start' }}>
            Back this project
          </Button>
        )}
        {!isSignedIn && project.abilities.takes_pledges && (
          <Button component={RouterLink} to={loginPathFor({ pathname: `/project/${project.slug}`, search: '' })} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            Sign in to back this project
          </Button>
        )}
      </Stack>
      {pledging && (
        <Suspense fallback={null}>
          <PledgeDialog
            slug={project.slug}
            funding={funding}
            onClose={() => setPledging(false)}
            onPledged={() => {
              setPledging(false);
              toast('Thank you: your pledge is recorded. Nothing is charged unless the project is funded.');
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** The viewer's standing pledge: its amount and card, changed or cancelled until locked. */
function OwnPledge({ pledge, onChanged }: { pledge: MyPledge; onChanged: () => Promise<unknown> }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [amount, setAmount] = useState(toDollars(pledge.amount_cents));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      toast(done);
      setEditing(false);
      await onChanged();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const valid = /^\d+(\.\d{1,2})?$/.test(amount.trim());
  return (
    <Stack spacing={1} role="region" aria-label="Your pledge">
      <Typography>
        You pledged <strong>{goal(pledge.amount_cents)}</strong>
        {pledge.card_last4 ? ` with your ${pledge.card_brand ?? 'card'} ending ${pledge.card_last4}` : ''}.
        {pledge.locked ? ' It is locked now.' : ' You may change or cancel it until the goal is reached.'}
      </Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {editing && (
        <TextField
          label="New amount (CA$)"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!valid}
          helperText={valid ? ' ' : 'Enter an amount in dollars, such as 50 or 50.25.'}
          inputMode="decimal"
          sx={{ maxWidth: 240 }}
        />
      )}
      {!pledge.locked && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {editing ? (
            <Button
              variant="contained"
              disabled={busy || !valid}
              onClick={() => void act(() => changeMyPledge(pledge.id, { amount_cents: toCents(amount.trim()) }), 'Your pledge is changed.')}
            >
              Save amount
            </Button>
          ) : (
            <Button onClick={() => setEditing(true)}>Change amount</Button>
          )}
          <Button color="error" disabled={busy} onClick={() => setCancelling(true)}>
            Cancel pledge
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={cancelling}
        title="Cancel your pledge?"
        confirmLabel="Cancel pledge"
        cancelLabel="Keep my pledge"
        danger
        busy={busy}
        onClose={() => setCancelling(false)}
        onConfirm={() => {
          setCancelling(false);
          void act(() => cancelMyPledge(pledge.id), 'Your pledge is cancelled.');
        }}
      >
        Your pledge of {goal(pledge.amount_cents)} is withdrawn and nothing is charged. You may pledge again while the campaign is open.
      </ConfirmDialog>
    </Stack>
  );
}
