import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirmUniversityEmail } from '@/api/endpoints/auth/auth';
import { AuthCard } from '@/ui/AuthCard';
import { errorMessage } from '@/lib/api-error';
import { ConfirmationStatus, type ConfirmationState } from '@/ui/ConfirmationStatus';
import { usePageTitle } from '@/ui/page-title';

/** Spec §9: 2 s on the success badge before the affiliations tab. */
export const UNIVERSITY_REDIRECT_MS = 2000;

export function ConfirmUniversityEmailPage() {
  usePageTitle('Confirm your university email');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmUniversityEmail();
  const [state, setState] = useState<ConfirmationState>({ kind: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    // Single-use token: confirm exactly once, even under StrictMode.
    if (started.current) return;
    started.current = true;
    confirm
      .mutateAsync({ data: { token: params.get('token') ?? '' } })
      .then(({ data }) => {
        setState({ kind: 'ok', message: data.message });
        window.setTimeout(() => void navigate('/my-profile/affiliations', { replace: true }), UNIVERSITY_REDIRECT_MS);
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }));
  }, [confirm, navigate, params]);

  return (
    <AuthCard title="University email confirmation">
      <ConfirmationStatus state={state} />
    </AuthCard>
  );
}
