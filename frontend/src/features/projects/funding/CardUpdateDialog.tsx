import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { startPledgeCardUpdate, updatePledgeCard } from '@/api/endpoints/projects/projects';
import type { CardEntry, MyPledge } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { CardFields, CardRefusal, cardSchemaFor, saveCard, WithCardEntry } from './cardEntry';
import type { StripeCard } from './stripeCard';
import { CARD_FIELDS, type CardValues } from './testCard';
import { goal } from '@/lib/money';

/** A new card for a pledge whose charge failed: saved with the processor, then charged at once. */
export function CardUpdateDialog({ pledge, onClose, onDone }: { pledge: MyPledge; onClose: () => void; onDone: (charged: boolean) => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="card-update-title">
      <DialogTitle id="card-update-title">Update your card</DialogTitle>
      <DialogContent>
        <WithCardEntry>{(entry) => <CardUpdateForm pledge={pledge} entry={entry} onClose={onClose} onDone={onDone} />}</WithCardEntry>
      </DialogContent>
    </Dialog>
  );
}

function CardUpdateForm({ pledge, entry, onClose, onDone }: { pledge: MyPledge; entry: CardEntry; onClose: () => void; onDone: (charged: boolean) => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [stripe, setStripe] = useState<StripeCard | null>(null);
  const form = useForm<CardValues>({
    resolver: withFieldRequiredText(trimming(zodResolver(z.object(cardSchemaFor(entry))))),
    defaultValues: { number: '', exp: '', cvc: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setCardError(null);
    try {
      const setup = (await startPledgeCardUpdate(pledge.id)).data;
      try {
        await saveCard(entry, stripe, setup, values);
      } catch (error) {
        // Stripe.js's refusal belongs to its card field; the test processor's come as API errors.
        if (!(error instanceof CardRefusal)) throw error;
        setCardError(error.message);
        return;
      }
      const updated = (await updatePledgeCard(pledge.id, { setup_id: setup.setup_id })).data;
      onDone(updated.is_charged);
    } catch (error) {
      setBanner(applyServerErrors(error, CARD_FIELDS, form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="New card" sx={{ pt: 1 }}>
      <Stack spacing={2}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <Typography>
          Your pledge of <strong>{goal(pledge.amount_cents)}</strong> is charged to the new card as soon as you save it.
        </Typography>
        <CardFields entry={entry} onStripeCard={setStripe} control={form.control} error={cardError} />
        <DialogFormActions submitLabel="Save and charge" onCancel={onClose} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
