import { z, zodResolver } from '@/lib/zod';
import { Alert, Box, Button, Card, CardContent, Container, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '@/api/endpoints/auth/auth';
import { loginBody, loginBodyTokenRegExp } from '@/api/zod/auth/auth.zod';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { applyServerErrors } from '@/lib/form-errors';
import { safeRedirect } from '@/lib/redirect';
import { useReveal } from '@/ui/form/useReveal';
import { usePageTitle } from '@/ui/page-title';
import { SsoButtons } from './SsoButtons';
import { REQUIRED } from '@/lib/field-texts';

/** The sign-in form: the contract's fields, the code's checks left to `withCode` so that
 * they speak the spec's words ("Required", "Invalid token") and no other. */
const credentials = loginBody.extend({ token: z.string().nullish(), recovery_code: z.string().nullish() });

type LoginForm = z.infer<typeof credentials>;

/** Spec §5: once asked for, the authenticator code is required and has 6 digits (the
 * contract's pattern; blank is "Required" first). */
const withCode = credentials.superRefine((values, ctx) => {
  if (!values.token) ctx.addIssue({ code: 'custom', path: ['token'], message: REQUIRED });
  else if (!loginBodyTokenRegExp.test(values.token)) ctx.addIssue({ code: 'custom', path: ['token'], message: 'Invalid token' });
});

/** Issue 49 §1: a recovery code in place of the authenticator's, when that is lost. */
const withRecoveryCode = credentials.superRefine((values, ctx) => {
  if (!values.recovery_code?.trim()) ctx.addIssue({ code: 'custom', path: ['recovery_code'], message: REQUIRED });
});

/** What the form sends: the second factor only once it was asked for, and only one of them. */
function payloadOf(values: LoginForm, deviceId: string | null, recovering: boolean) {
  if (!deviceId) return { ...values, token: null, recovery_code: null };
  if (recovering) return { ...values, token: null, device_id: deviceId };
  return { ...values, recovery_code: null, device_id: deviceId };
}

/** Spec §8: "Locked due {count} failed attempts till {date time}" (MMM dd YYY, HH:mm), in local time. */
export function lockMessage(failureCount: number, lockedUntil: string): string {
  return `Locked due ${failureCount} failed attempts till ${dateTime(lockedUntil)}`;
}

function bannerFor(error: unknown, fallback: string | null): string | null {
  if (error instanceof ApiError && error.code === 'account_locked') {
    const extra = (error.body as { extra?: { failure_count?: number; locked_until?: string } }).extra;
    if (extra?.failure_count !== undefined && extra.locked_until) return lockMessage(extra.failure_count, extra.locked_until);
  }
  return fallback;
}

export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [banner, setBanner] = useState<string | null>(null);
  const login = useLogin();
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [recovering, setRecovering] = useState(false);
  const reveal = useReveal();
  const form = useForm<LoginForm>({
    resolver: zodResolver(!deviceId ? credentials : recovering ? withRecoveryCode : withCode),
    defaultValues: { email: '', password: '', token: '', recovery_code: '' },
  });
  const switchFactor = () => {
    form.clearErrors(['token', 'recovery_code']);
    setRecovering((now) => !now);
  };
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await login.mutateAsync({ data: payloadOf(values, deviceId, recovering) });
      if (data.access) {
        signIn(data.access);
        navigate(safeRedirect(params.get('redirect_to')), { replace: true });
      } else if (data.devices.length > 0) {
        // Spec §4: the code field appears; the next attempt names the first device.
        setDeviceId(data.devices[0].device_id);
      }
    } catch (error) {
      setBanner(bannerFor(error, applyServerErrors(error, ['email', 'password', 'token', 'recovery_code'], form.setError)));
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h2" component="h1" gutterBottom>
            Sign in
          </Typography>
          <SsoButtons redirectTo={params.get('redirect_to')} />
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2.5}>
              {banner && <Alert severity="error">{banner}</Alert>}
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                {...form.register('email')}
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
              <TextField
                label="Password"
                type={reveal.type}
                autoComplete="current-password"
                slotProps={{ input: { endAdornment: reveal.endAdornment } }}
                {...form.register('password')}
                error={Boolean(errors.password)}
                helperText={errors.password?.message}
              />
              {deviceId && !recovering && (
                <TextField
                  label="Authenticator code"
                  autoComplete="one-time-code"
                  autoFocus
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  {...form.register('token')}
                  error={Boolean(errors.token)}
                  helperText={errors.token?.message ?? 'Enter the 6-digit code from your authenticator app.'}
                />
              )}
              {deviceId && recovering && (
                <TextField
                  label="Recovery code"
                  autoComplete="off"
                  autoFocus
                  slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
                  {...form.register('recovery_code')}
                  error={Boolean(errors.recovery_code)}
                  helperText={errors.recovery_code?.message ?? 'Enter one of the recovery codes you saved when you turned on two-factor.'}
                />
              )}
              {deviceId && (
                <Link component="button" type="button" variant="body2" onClick={switchFactor} sx={{ alignSelf: 'flex-start' }}>
                  {recovering ? 'Use your authenticator app instead' : 'Lost your authenticator? Use a recovery code'}
                </Link>
              )}
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                Sign in
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Link component={RouterLink} to="/forgot-password">
                  Forgot password
                </Link>
                <Link component={RouterLink} to="/register">
                  Sign up
                </Link>
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
