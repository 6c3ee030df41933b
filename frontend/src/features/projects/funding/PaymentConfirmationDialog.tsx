import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { authenticateTestCharge } from '@/api/endpoints/payments/payments';
import { completePledgeAuthentication, startPledgeAuthentication } from '@/api/endpoints/projects/projects';
import type { CardEntry, MyPledge, PledgeAuthentication } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { WithCardEntry } from './cardEntry';
import { CardRefusal, confirmStripePayment } from './stripeCard';
import { goal } from '@/lib/money';

/** A pledge whose charge the donor's bank wants authenticated: the bank's challenge (Stripe's
 * 3-D Secure page, or the test processor's), then the charge recorded by Cohort. */
export function PaymentConfirmationDialog({ pledge, onClose, onDone }: { pledge: MyPledge; onClose: () => void; onDone: (charged: boolean) => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-confirmation-title">
      <DialogTitle id="payment-confirmation-title">Confirm your payment</DialogTitle>
      <WithCardEntry>{(entry) => <Confirmation pledge={pledge} entry={entry} onClose={onClose} onDone={onDone} />}</WithCardEntry>
    </Dialog>
  );
}

function Confirmation({ pledge, entry, onClose, onDone }: { pledge: MyPledge; entry: CardEntry; onClose: () => void; onDone: (charged: boolean) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The test processor's bank page, once the challenge is started.
  const [testBank, setTestBank] = useState<PledgeAuthentication | null>(null);

  const run = async (step: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await step();
    } catch (e) {
      setError(e instanceof CardRefusal ? e.message : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const record = async () => {
    const done = (await completePledgeAuthentication(pledge.id)).data;
    onDone(done.is_charged);
  };
  const start = () =>
    run(async () => {
      const challenge = (await startPledgeAuthentication(pledge.id)).data;
      if (challenge.processor === 'stripe' && entry.js_url && entry.publishable_key) {
        await confirmStripePayment(entry.js_url, entry.publishable_key, challenge.client_secret);
        await record();
      } else {
        setTestBank(challenge);
      }
    });
  const answer = (approve: boolean) =>
    run(async () => {
      if (!testBank) return;
      await authenticateTestCharge(testBank.charge_id, { client_secret: testBank.client_secret, approve });
      setTestBank(null);
      await record();
    });

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography>
            Your bank asks you to confirm your pledge of <strong>{goal(pledge.amount_cents)}</strong> to {pledge.project.title} before your card is charged.
          </Typography>
          {testBank && (
            <Box role="group" aria-label="Your bank (test processor)" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
              <Typography variant="subtitle1" component="h3">
                Your bank (test processor)
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Do you confirm this payment of {goal(testBank.amount_cents)} to Cohort?
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" disabled={busy} onClick={() => void answer(true)}>
                  Complete authentication
                </Button>
                <Button disabled={busy} onClick={() => void answer(false)}>
                  Fail authentication
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {!testBank && (
          <Button variant="contained" disabled={busy} onClick={() => void start()}>
            Confirm with my bank
          </Button>
        )}
      </DialogActions>
    </>
  );
}
