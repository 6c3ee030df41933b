import { withSignUpEmailText, zodResolver } from '@/lib/zod';
import { Box, Link, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useClearedWhenFilled } from '@/lib/form-errors';
import { usePageTitle } from '@/ui/page-title';
import { useFocusOnChange } from '@/ui/useFocusOnChange';
import { AuthCard } from '@/ui/AuthCard';
import { emptyRegisterForm, registerSchema, type RegisterForm } from './form';
import { RegisterDone } from './RegisterDone';
import { StepAccount } from './StepAccount';
import { PROFILE_FIELDS, StepProfile } from './StepProfile';
import { StepShare } from './StepShare';
import { useRegisterSubmit } from './useRegister';

const STEPS = ['About you', 'Your interests', 'Your account'];
const CHECK_PHONE = 'Please confirm your phone number with the code we sent you.';

/** The three-step sign-up wizard at /register. */
const ACCOUNT_FIELDS: readonly string[] = ['name', 'email', 'phone_number', 'password', 'captcha'];

/** The step that shows `field`: the account's own fields are on the last one. */
function stepOf(field: string): number {
  if (ACCOUNT_FIELDS.includes(field)) return 2;
  return (PROFILE_FIELDS as readonly string[]).includes(field) ? 1 : 0;
}

export function RegisterPage() {
  usePageTitle('Sign up');
  const [step, setStep] = useState(0);
  const form = useForm<RegisterForm>({ resolver: withSignUpEmailText(zodResolver(registerSchema)), defaultValues: emptyRegisterForm });
  const { submit, banner, captchaKey, done } = useRegisterSubmit(form, (field) => setStep(stepOf(field)));
  useClearedWhenFilled(form);

  const [params] = useSearchParams();
  const smsToken = params.get('sms_confirm_token');
  // Each step, and the answer, starts at the top with its heading focused.
  const stepHeading = useFocusOnChange<HTMLHeadingElement>(done ? 'done' : step);
  if (done || smsToken) {
    return (
      <AuthCard title="Check your email">
        <RegisterDone message={done?.message ?? CHECK_PHONE} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Join Cohort" wide>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="subtitle1" component="h2" ref={stepHeading} sx={{ mb: 2, fontWeight: 600, outline: 'none' }}>
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {step === 0 && <StepShare control={form.control} onContinue={() => setStep(1)} onSkip={() => setStep(2)} />}
        {step === 1 && <StepProfile form={form} onBack={() => setStep(0)} onContinue={() => setStep(2)} />}
        {step === 2 && <StepAccount form={form} banner={banner} captchaKey={captchaKey} onBack={() => setStep(1)} />}
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
