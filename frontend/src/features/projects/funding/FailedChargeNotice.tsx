import { Alert, Button, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { MyPledge } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { useToast } from '@/ui/toast';

// The dialogs (card entry, the bank's check) load when the donor opens one.
const CardUpdateDialog = lazy(() => import('./CardUpdateDialog').then((m) => ({ default: m.CardUpdateDialog })));
const PaymentConfirmationDialog = lazy(() =>
  import('./PaymentConfirmationDialog').then((m) => ({ default: m.PaymentConfirmationDialog })),
);

/** A pledge whose charge failed: why, the deadline, and the way on — a new card, or, when the
 * donor's bank wants the payment authenticated, confirming it (on the project page and in My
 * pledges alike). */
export function FailedChargeNotice({ pledge, onUpdated }: { pledge: MyPledge; onUpdated: () => Promise<unknown> }) {
  const toast = useToast();
  const [open, setOpen] = useState<'card' | 'confirm' | null>(null);
  const by = dateTime(pledge.update_card_by ?? '');
  const done = (charged: boolean, [thanks, failed]: [string, string]) => {
    setOpen(null);
    toast(charged ? thanks : failed, charged ? 'success' : 'error');
    void onUpdated();
  };
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {pledge.needs_authentication && (
              <Button color="inherit" size="small" variant="outlined" onClick={() => setOpen('confirm')}>
                Confirm payment
              </Button>
            )}
            <Button color="inherit" size="small" onClick={() => setOpen('card')}>
              Update card
            </Button>
          </Stack>
        }
      >
        {pledge.needs_authentication
          ? `Your bank asks you to confirm this payment. Confirm it, or give a new card, by ${by} to keep backing this project.`
          : `Your card was not charged (${pledge.failure_code?.replaceAll('_', ' ') ?? 'declined'}). Give a new card by ${by} to keep backing this project.`}
      </Alert>
      {open === 'card' && (
        <Suspense fallback={null}>
          <CardUpdateDialog pledge={pledge} onClose={() => setOpen(null)} onDone={(charged) => done(charged, ['Thank you: your new card was charged.', 'The new card was not charged either.'])} />
        </Suspense>
      )}
      {open === 'confirm' && (
        <Suspense fallback={null}>
          <PaymentConfirmationDialog pledge={pledge} onClose={() => setOpen(null)} onDone={(charged) => done(charged, ['Thank you: your payment is confirmed and charged.', 'The payment was not charged.'])} />
        </Suspense>
      )}
    </>
  );
}
