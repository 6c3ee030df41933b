import { contactUsBody } from '@/api/zod/content/content.zod';
import { trimming, type z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useContactUs } from '@/api/endpoints/content/content';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePageTitle } from '@/ui/page-title';

// The contract's own checks: required, lengths, a valid e-mail.
const schema = contactUsBody;
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'email', 'text'] as const;

/** /contact-us (spec 2 §4, §5): idle, submitting, thank-you, or error. */
export function ContactPage() {
  usePageTitle('Contact us');
  const send = useContactUs();
  const [thanks, setThanks] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({ resolver: trimming(zodResolver(schema)), mode: 'onChange', defaultValues: { name: '', email: '', text: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      const { data } = await send.mutateAsync({ data: values });
      setThanks(data.message);
    } catch (error) {
      setFailed(applyServerErrors(error, FIELDS, form.setError) !== null);
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }} id="contact">
      <Typography variant="h2" component="h1" gutterBottom>
        Contact us
      </Typography>
      {thanks ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          <Typography variant="h6" component="p">
            Thank you!
          </Typography>
          {thanks}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Questions, ideas or press enquiries: we read every message.
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact">
            <Stack spacing={2.5}>
              {failed && <Alert severity="error">{SOMETHING_WENT_WRONG}</Alert>}
              <FormTextField control={form.control} name="name" label="Name" required autoComplete="name" />
              <FormTextField control={form.control} name="email" label="Email" type="email" required autoComplete="email" />
              <FormTextField control={form.control} name="text" label="Message" required multiline minRows={5} />
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
                {form.formState.isSubmitting ? <CircularProgress size={22} color="inherit" aria-label="Sending" /> : 'Send'}
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </Container>
  );
}
