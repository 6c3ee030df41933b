import { Alert, CircularProgress, Link, Stack } from '@mui/material';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useOauthCallback } from '@/api/endpoints/auth/auth';
import { oauthCallbackParams } from '@/api/zod/auth/auth.zod';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { safeRedirect } from '@/lib/redirect';

const FAILED = 'Sign-in with this provider failed. Please try again.';

/** Where Google or Facebook send the browser back: finish the sign-in, then move on. */
export function OAuthCallbackPage() {
  usePageTitle('Signing in');
  // A provider the server does not know is a failed sign-in, not a request.
  const provider = oauthCallbackParams.shape.provider.safeParse(useParams().provider).data;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const callback = useOauthCallback();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  // The provider sends no code when the user declined or something went wrong there.
  const error = !code || !state || !provider ? FAILED : failure;

  useEffect(() => {
    // Code and state are single-use: finish exactly once.
    if (started.current || !code || !state || !provider) return;
    started.current = true;
    callback
      .mutateAsync({ provider, data: { code, state } })
      .then(({ data }) =>
        startTransition(() => {
          signIn(data.access);
          void navigate(safeRedirect(data.redirect_to ?? null), { replace: true });
        }),
      )
      .catch((e: unknown) => setFailure(errorMessage(e)));
  }, [callback, code, navigate, provider, signIn, state]);

  return (
    <AuthCard title="Signing in">
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error">{error}</Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Stack sx={{ alignItems: 'center', py: 3 }}>
          <CircularProgress aria-label="Signing in" />
        </Stack>
      )}
    </AuthCard>
  );
}
