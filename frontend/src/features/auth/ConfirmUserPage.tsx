import { startTransition, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirmUser } from '@/api/endpoints/auth/auth';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-error';
import { ConfirmationStatus, type ConfirmationState } from '@/ui/ConfirmationStatus';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { safeRedirect } from '@/lib/redirect';

/** Spec §9: the confirmation screen waits 2 s before moving on. */
export const CONFIRM_REDIRECT_MS = 2000;

export function ConfirmUserPage() {
  usePageTitle('Confirm your email');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, token: session } = useAuth();
  // Whoever opens the link confirms it; a member already signed in stays in their session.
  const [signedIn] = useState(session !== null);
  const confirm = useConfirmUser();
  const [state, setState] = useState<ConfirmationState>({ kind: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: confirm exactly once, even under StrictMode.
    if (started.current) return;
    started.current = true;
    const token = params.get('token') ?? '';
    confirm
      .mutateAsync({ data: { token } })
      .then(({ data }) => {
        setState({ kind: 'ok', message: data.message });
        window.setTimeout(() => {
          const target = params.get('redirect_to') ?? data.redirect_to ?? null;
          // One transition for both, or this public-only route would see a signed-in
          // user first and send them to /dashboard instead of redirect_to.
          startTransition(() => {
            if (signedIn) {
              void navigate(target ? safeRedirect(target) : '/my-profile', { replace: true });
              return;
            }
            signIn(data.access);
            void navigate(target ? safeRedirect(target) : '/dashboard?openPersonalization=true', { replace: true });
          });
        }, CONFIRM_REDIRECT_MS);
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }));
  }, [confirm, navigate, params, signIn, signedIn]);

  return (
    <AuthCard title="Email confirmation">
      <ConfirmationStatus state={state} />
    </AuthCard>
  );
}
