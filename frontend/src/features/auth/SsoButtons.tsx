import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Button, Divider, Stack } from '@mui/material';
import { useState } from 'react';
import { oauthStart, useOauthProviders } from '@/api/endpoints/auth/auth';
import { errorMessage } from '@/lib/api-error';
import { OrcidIcon } from '@/ui/Orcid';

/** Google, Facebook and ORCID sign-in, shown only for providers the server has switched on. */
export function SsoButtons({ redirectTo }: { redirectTo: string | null }) {
  const providers = useOauthProviders();
  const [error, setError] = useState<string | null>(null);
  const enabled = providers.data?.data;
  if (!enabled || (!enabled.google && !enabled.facebook && !enabled.orcid)) return null;

  const go = async (provider: 'google' | 'facebook' | 'orcid') => {
    try {
      const { data } = await oauthStart(provider, redirectTo ? { redirect_to: redirectTo } : undefined);
      window.location.assign(data.authorize_url);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2.5 }}>
      {error && <Alert severity="error">{error}</Alert>}
      {enabled.google && (
        <Button variant="outlined" size="large" startIcon={<GoogleIcon />} onClick={() => go('google')}>
          Sign in with Google
        </Button>
      )}
      {enabled.facebook && (
        <Button variant="outlined" size="large" startIcon={<FacebookIcon />} onClick={() => go('facebook')}>
          Login with Facebook
        </Button>
      )}
      {enabled.orcid && (
        <Button variant="outlined" size="large" startIcon={<OrcidIcon />} onClick={() => go('orcid')}>
          Sign in with ORCID
        </Button>
      )}
      <Divider>OR</Divider>
    </Stack>
  );
}
