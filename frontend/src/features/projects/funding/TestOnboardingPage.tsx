import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { onboardTestPayoutAccount } from '@/api/endpoints/payments/payments';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePageTitle } from '@/ui/page-title';
import { useToast } from '@/ui/toast';

const schema = z.object({
  institution: z.string().min(1),
  transit_number: z.string().regex(/^\d{5}$/, 'A transit number has 5 digits.'),
  institution_number: z.string().regex(/^\d{3}$/, 'An institution number has 3 digits.'),
  account_number: z.string().regex(/^\d{7,12}$/, 'An account number has 7 to 12 digits.'),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['institution', 'transit_number', 'institution_number', 'account_number'] as const;

/** /test-processor/onboarding/:id?link=…: the built-in test processor's onboarding form for a
 * payout account, standing in for the processor's own (Stripe's is on its site). The link's
 * secret goes with the details (it works once, for half an hour); the processor keeps only the
 * institution's name and the last four digits. */
export function TestOnboardingPage() {
  usePageTitle('Payout account');
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const link = search.get('link') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { institution: '', transit_number: '', institution_number: '', account_number: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const done = await onboardTestPayoutAccount(id, { ...values, link });
      toast(done.data.message);
      void navigate('/my-projects');
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
            <Typography variant="h4" component="h1">
              Payout account
            </Typography>
            <Alert severity="info">
              Test processor: funds of a funded project go to your institution&apos;s bank account. Nothing real is paid out in test mode.
            </Alert>
            {banner && <Alert severity="error">{banner}</Alert>}
            <FormTextField control={form.control} name="institution" label="Institution" required />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={form.control} name="transit_number" label="Transit number" required inputMode="numeric" />
              <FormTextField control={form.control} name="institution_number" label="Institution number" required inputMode="numeric" />
            </Stack>
            <FormTextField control={form.control} name="account_number" label="Account number" required inputMode="numeric" />
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Verify payout account
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
