import { Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useUnlockAccount } from '@/api/endpoints/auth/auth';
import { errorMessage } from '@/lib/api-error';
import { AuthCard } from '@/ui/AuthCard';
import { ConfirmationStatus, type ConfirmationState } from '@/ui/ConfirmationStatus';
import { usePageTitle } from '@/ui/page-title';

/** /unlock-account?token=: the link mailed when failed sign-ins lock an account lifts the lock. */
export function UnlockAccountPage() {
  usePageTitle('Unlock your account');
  const [params] = useSearchParams();
  const unlock = useUnlockAccount();
  const [state, setState] = useState<ConfirmationState>({ kind: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    // The link is single-use: send it exactly once, even under StrictMode.
    if (started.current) return;
    started.current = true;
    unlock
      .mutateAsync({ data: { token: params.get('token') ?? '' } })
      .then(({ data }) => setState({ kind: 'ok', message: data.message }))
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }));
  }, [unlock, params]);

  return (
    <AuthCard title="Unlock your account">
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <ConfirmationStatus state={state} />
        {state.kind !== 'pending' && (
          <Button component={RouterLink} to="/login" variant="contained">
            Sign in
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
