import { Alert, Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { startPayoutOnboarding, useGetMyPayoutAccount } from '@/api/endpoints/projects/projects';
import { errorMessage } from '@/lib/api-error';

/** The owner's payout account: where a funded project's money goes. A Content Expert's
 * approval waits until the processor verified it; `awaitingApproval` (a project reached its
 * goal) says so plainly. */
export function PayoutAccountCard({ awaitingApproval }: { awaitingApproval: boolean }) {
  const account = useGetMyPayoutAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (account.isPending || account.isError) return null;
  const { registered, verified } = account.data.data;
  const onboard = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await startPayoutOnboarding();
      window.location.assign(data.url);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  if (verified) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Chip color="success" label="Payout account verified" />
      </Stack>
    );
  }
  return (
    <Alert
      severity={awaitingApproval ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => void onboard()}>
          {registered ? 'Continue' : 'Register'}
        </Button>
      }
    >
      {awaitingApproval
        ? 'Your project reached its goal: its final approval waits for your payout account. Register your institution’s payout account so that a Content Expert can approve the funding.'
        : 'Register your institution’s payout account: a funded project is paid out to it, and a Content Expert can only approve funding once it is verified.'}
      {problem && <div>{problem}</div>}
    </Alert>
  );
}
