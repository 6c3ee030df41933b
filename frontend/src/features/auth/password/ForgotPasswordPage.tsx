import { type z, withSignUpEmailText, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useForgotPassword } from '@/api/endpoints/auth/auth';
import { forgotPasswordBody } from '@/api/zod/auth/auth.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { FormTextField } from '@/ui/form/FormTextField';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';

type Form = z.infer<typeof forgotPasswordBody>;

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const mutation = useForgotPassword();
  const form = useForm<Form>({ resolver: withSignUpEmailText(zodResolver(forgotPasswordBody)), defaultValues: { email: '' } });
  const [banner, setBanner] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      setSent((await mutation.mutateAsync({ data: values })).data.message);
    } catch (error) {
      setBanner(applyServerErrors(error, ['email'], form.setError));
    }
  });

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">Enter your e-mail and we will send you a link to choose a new password.</Typography>
            {banner && <Alert severity="error">{banner}</Alert>}
            <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
            <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
              Send reset link
            </Button>
            <Link component={RouterLink} to="/login">
              Back to sign in
            </Link>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
