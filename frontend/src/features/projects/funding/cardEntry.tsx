import { Alert, Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useGetCardEntry } from '@/api/endpoints/payments/payments';
import type { CardEntry, CardSetup } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { z } from '@/lib/zod';
import { cardFields, saveTestCard, TestCardFields, type CardValues } from './testCard';
import { saveStripeCard, StripeCardField, type StripeCard } from './stripeCard';

export { CardRefusal } from './stripeCard';

/*
 * How a card is entered depends on the platform's processor (`GET /payments/card-entry`):
 * the test processor's own card form, or Stripe.js's card field. Either way the number goes
 * to the processor, never to Cohort.
 */

/** Stripe.js draws its own card field and checks it; the form's card fields stay empty. */
const drawnByStripe = { number: z.string(), exp: z.string(), cvc: z.string() };

/** The card form's fields to validate in the browser: the test processor's. */
export function cardSchemaFor(entry: CardEntry) {
  return entry.processor === 'test' ? cardFields : drawnByStripe;
}

/** Hands the card to the processor for `setup`: Stripe's field, or the test processor's form. */
export async function saveCard(entry: CardEntry, stripe: StripeCard | null, setup: CardSetup, values: CardValues): Promise<void> {
  if (entry.processor === 'stripe') {
    await saveStripeCard(stripe, setup.client_secret);
  } else {
    await saveTestCard(setup, values);
  }
}

/** The card fields of `entry`'s processor; Stripe's hands its field to `onStripeCard` and shows `error`. */
export function CardFields<T extends FieldValues & CardValues>({
  entry,
  onStripeCard,
  control,
  error,
}: {
  entry: CardEntry;
  onStripeCard: (card: StripeCard | null) => void;
  control: Control<T>;
  error?: string | null;
}) {
  if (entry.processor === 'stripe' && entry.js_url && entry.publishable_key) {
    return <StripeCardField jsUrl={entry.js_url} publishableKey={entry.publishable_key} onCard={onStripeCard} error={error} />;
  }
  return <TestCardFields control={control} />;
}

/** Loads how cards are entered, then renders `children` with it (loading and error states). */
export function WithCardEntry({ children }: { children: (entry: CardEntry) => ReactNode }) {
  const entry = useGetCardEntry({ query: { staleTime: Infinity } });
  if (entry.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="status" aria-label="Loading">
        <CircularProgress />
      </Box>
    );
  }
  if (entry.isError) return <Alert severity="error">{errorMessage(entry.error)}</Alert>;
  return children(entry.data.data);
}
