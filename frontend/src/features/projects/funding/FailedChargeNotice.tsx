import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import type { MyPledge } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { useToast } from '@/ui/toast';
import { CardUpdateDialog } from './CardUpdateDialog';

/** A pledge whose charge failed: why, the deadline for a new card, and the way to give one
 * (on the project page and in My pledges alike). */
export function FailedChargeNotice({ pledge, onUpdated }: { pledge: MyPledge; onUpdated: () => Promise<unknown> }) {
  const toast = useToast();
  const [updating, setUpdating] = useState(false);
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => setUpdating(true)}>
            Update card
          </Button>
        }
      >
        Your card was not charged ({pledge.failure_code?.replaceAll('_', ' ') ?? 'declined'}). Give a new card by {dateTime(pledge.update_card_by ?? '')} to
        keep backing this project.
      </Alert>
      {updating && (
        <CardUpdateDialog
          pledge={pledge}
          onClose={() => setUpdating(false)}
          onDone={(charged) => {
            setUpdating(false);
            toast(charged ? 'Thank you: your new card was charged.' : 'The new card was not charged either.', charged ? 'success' : 'error');
            void onUpdated();
          }}
        />
      )}
    </>
  );
}
