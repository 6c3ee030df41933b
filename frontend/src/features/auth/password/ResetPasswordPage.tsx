import { Alert, CircularProgress, Link, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirmResetPassword, useValidateResetToken } from '@/api/endpoints/auth/auth';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** /forgot-password/confirm?token=: the token is checked on load, then the form shows. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validate = useValidateResetToken();
  const confirm = useConfirmResetPassword();
  const [state, setState] = useState<'checking' | 'valid' | string>('checking');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    validate
      .mutateAsync({ data: { token } })
      .then(() => setState('valid'))
      .catch((error: unknown) => setState(errorMessage(error)));
  }, [validate, token]);

  return (
    <AuthCard title="Reset password">
      {state === 'checking' && (
        <Stack sx={{ alignItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Checking the link" />
        </Stack>
      )}
      {state === 'valid' && (
        <NewPasswordForm
          serverFields={{ password: 'password' }}
          save={async ({ password }) => (await confirm.mutateAsync({ data: { token, password } })).data.message}
        />
      )}
      {state !== 'checking' && state !== 'valid' && (
        <Stack spacing={2}>
          <Alert severity="error">{state}</Alert>
          <Link component={RouterLink} to="/forgot-password">
            Ask for a new link
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}
