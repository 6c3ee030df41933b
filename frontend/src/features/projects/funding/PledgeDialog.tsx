import { Alert, Box, Checkbox, Dialog, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { pledgeToProject, startPledgeCard } from '@/api/endpoints/projects/projects';
import type { CardEntry, Funding } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { CardFields, CardRefusal, cardSchemaFor, saveCard, WithCardEntry } from './cardEntry';
import type { StripeCard } from './stripeCard';
import { CARD_FIELDS, type CardValues } from './testCard';
import { goal, toCents } from '@/lib/money';

const pledgeFields = {
  amount: z.string().trim().min(1).regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in dollars, such as 50 or 50.25.'),
  message: z.string().trim().max(500),
  anonymous: z.boolean(),
  adult: z.literal(true, { error: 'You must be 18 or older to pledge.' }),
};
type Values = z.infer<z.ZodObject<typeof pledgeFields>> & CardValues;

/** The server's field for each form field it may name. */
const SERVER_FIELDS: [keyof Values, string][] = [
  ['amount', 'amount_cents'],
  ['message', 'message'],
  ['adult', 'adult'],
  ...CARD_FIELDS.map((field): [keyof Values, string] => [field, field]),
];

/** The fees on a pledge of `cents` as they are taken (spec 2 §8's 9% and the processor's 3–5%):
 * Cohort keeps the platform fee — this pledge's, to the cent, as the ledger keeps it — and
 * pays the card processor's fees out of it; everything else is paid out. */
export function fees(cents: number, funding: Funding): string {
  const platform = Math.round((cents * funding.platform_fee_percent) / 100);
  const [low, high] = funding.processor_fee_percent;
  return `If the project is funded, Cohort keeps ${funding.platform_fee_percent}% (${goal(platform)}), which also pays the card processor’s fees (about ${low}–${high}%); the rest (${goal(cents - platform)}) goes to the research team’s institution.`;
}

/**
 * Backing a project: the amount, an optional message, the 18+ declaration, and a card
 * saved with the processor (its own card form or Stripe.js: the number goes to the
 * processor, and Cohort keeps only the brand and last four digits). Nothing is charged now.
 */
export function PledgeDialog({ slug, funding, onClose, onPledged }: { slug: string; funding: Funding; onClose: () => void; onPledged: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pledge-title">
      <DialogTitle id="pledge-title">Back this project</DialogTitle>
      <DialogContent>
        <WithCardEntry>{(entry) => <PledgeForm slug={slug} funding={funding} entry={entry} onClose={onClose} onPledged={onPledged} />}</WithCardEntry>
      </DialogContent>
    </Dialog>
  );
}

function PledgeForm({
  slug,
  funding,
  entry,
  onClose,
  onPledged,
}: {
  slug: string;
  funding: Funding;
  entry: CardEntry;
  onClose: () => void;
  onPledged: () => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [stripe, setStripe] = useState<StripeCard | null>(null);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(z.object({ ...pledgeFields, ...cardSchemaFor(entry) })))),
    defaultValues: { amount: '', message: '', anonymous: false, adult: false as unknown as true, number: '', exp: '', cvc: '' },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const cents = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? toCents(amount.trim()) : 0;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setCardError(null);
    try {
      const setup = (await startPledgeCard(slug)).data;
      try {
        await saveCard(entry, stripe, setup, values);
      } catch (error) {
        // Stripe.js's refusal belongs to its card field; the test processor's come as API errors.
        if (!(error instanceof CardRefusal)) throw error;
        setCardError(error.message);
        return;
      }
      await pledgeToProject(slug, {
        setup_id: setup.setup_id,
        amount_cents: toCents(values.amount.trim()),
        message: values.message || null,
        anonymous: values.anonymous,
        adult: values.adult,
      });
      onPledged();
    } catch (error) {
      let onFields = 0;
      if (error instanceof ApiError) {
        for (const [field, server] of SERVER_FIELDS) {
          const [first] = error.fieldErrors(server);
          if (first) {
            form.setError(field, { type: 'server', message: first });
            onFields += 1;
          }
        }
      }
      setBanner(onFields > 0 ? null : errorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Pledge" sx={{ pt: 1 }}>
      <Stack spacing={2}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField control={form.control} name="amount" label="Amount (CA$)" required inputMode="decimal" />
        <Typography variant="body2" color="text.secondary" role="status">
          All or nothing: nothing is charged unless the project reaches its goal and a Content Expert approves it. You may change or cancel your
          pledge until the goal is reached. {cents > 0 && fees(cents, funding)}
        </Typography>
        <FormTextField control={form.control} name="message" label="Message to the project (optional)" multiline minRows={2} />
        <Controller
          control={form.control}
          name="anonymous"
          render={({ field }) => (
            <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Keep my pledge off my public profile" />
          )}
        />
        <CardFields entry={entry} onStripeCard={setStripe} control={form.control} error={cardError} />
        <Controller
          control={form.control}
          name="adult"
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                label="I am 18 or older"
              />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          )}
        />
        <DialogFormActions submitLabel="Pledge" onCancel={onClose} busy={form.formState.isSubmitting} />
      </Stack>
    </Box>
  );
}
