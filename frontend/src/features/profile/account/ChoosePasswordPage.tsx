import { Alert, Box, CircularProgress } from '@mui/material';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { safeRedirect } from '@/lib/redirect';
import { AuthCard } from '@/ui/AuthCard';
import { usePageTitle } from '@/ui/page-title';
import { ErrorState } from '@/ui/QueryState';
import { ChangePasswordSection } from './ChangePasswordSection';

/**
 * /choose-password: an account whose password was handed out (the demo admin's, printed
 * once at first start) chooses its own before anything else; the server refuses every
 * other call until then.
 */
export function ChoosePasswordPage() {
  usePageTitle('Choose a new password');
  const me = useGetMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get('redirect_to'));

  if (me.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }} role="status" aria-label="Loading">
        <CircularProgress />
      </Box>
    );
  }
  if (me.isError) return <ErrorState pageHeading error={me.error} onRetry={() => me.refetch()} />;
  if (!me.data.data.password_change_required) return <Navigate to={next} replace />;
  return (
    <AuthCard title="Choose a new password">
      <Alert severity="info" sx={{ mb: 3 }}>
        You signed in with a password you were given. Choose your own to continue.
      </Alert>
      <ChangePasswordSection me={me.data.data} onChanged={() => navigate(next, { replace: true })} bare />
    </AuthCard>
  );
}
