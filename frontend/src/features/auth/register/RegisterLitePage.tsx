import { withSignUpEmailText, zodResolver } from '@/lib/zod';
import { Box, Link, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { emptyRegisterForm, registerSchema, type RegisterForm } from './form';
import { RegisterDone } from './RegisterDone';
import { StepAccount } from './StepAccount';
import { useRegisterSubmit } from './useRegister';

/** The simple sign-up at /register-lite: name, e-mail, password, captcha, redirect_to. */
export function RegisterLitePage() {
  usePageTitle('Sign up');
  const [params] = useSearchParams();
  const form = useForm<RegisterForm>({
    resolver: withSignUpEmailText(zodResolver(registerSchema)),
    defaultValues: { ...emptyRegisterForm, redirect_to: params.get('redirect_to') },
  });
  const { submit, banner, captchaKey, done } = useRegisterSubmit(form);

  if (done) {
    return (
      <AuthCard title="Check your email">
        <RegisterDone message={done.message} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join Cohort">
      <Box component="form" noValidate onSubmit={submit}>
        <StepAccount form={form} banner={banner} captchaKey={captchaKey} withPhone={false} />
      </Box>
      <Typography variant="body2" sx={{ mt: 3 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
