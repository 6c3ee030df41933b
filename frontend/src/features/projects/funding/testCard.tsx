import { Stack, Typography } from '@mui/material';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { confirmTestCard } from '@/api/endpoints/payments/payments';
import type { CardSetup } from '@/api/model';
import { z } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';

/** The test processor's card fields, checked in the browser before they go to it. */
export const cardFields = {
  number: z.string().trim().min(1),
  exp: z.string().trim().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY.'),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card.'),
};

export interface CardValues {
  number: string;
  exp: string;
  cvc: string;
}

/** The card fields' names, the same on the form and in the processor's answer. */
export const CARD_FIELDS = ['number', 'exp', 'cvc'] as const;

/** Hands the card to the test processor for `setup` (the number goes no further). */
export async function saveTestCard(setup: CardSetup, card: CardValues): Promise<void> {
  const [month, year] = card.exp.split('/').map((part) => Number(part.trim()));
  await confirmTestCard(setup.setup_id, {
    client_secret: setup.client_secret,
    number: card.number,
    exp_month: month,
    exp_year: 2000 + year,
    cvc: card.cvc,
  });
}

/** The test processor's card form. */
export function TestCardFields<T extends FieldValues & CardValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        Card (test processor)
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Test cards: 4242 4242 4242 4242 is charged, an ending of 0002 is declined. The number goes to the processor; Cohort keeps only its last four digits.
      </Typography>
      <FormTextField control={control} name={'number' as Path<T>} label="Card number" required inputMode="numeric" autoComplete="cc-number" />
      <Stack direction="row" spacing={2}>
        <FormTextField control={control} name={'exp' as Path<T>} label="Expiry (MM/YY)" required autoComplete="cc-exp" />
        <FormTextField control={control} name={'cvc' as Path<T>} label="Security code" required inputMode="numeric" autoComplete="cc-csc" />
      </Stack>
    </>
  );
}
