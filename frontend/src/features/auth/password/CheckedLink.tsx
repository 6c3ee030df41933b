import { Alert, CircularProgress, Link, Stack } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/api-error';

/**
 * A mailed link's page: the token is checked on load (once, even under StrictMode); the
 * form shows only for a usable link, else the server's reason and where to get a new one.
 */
export function CheckedLink({
  check,
  renew,
  children,
}: {
  check: () => Promise<unknown>;
  renew: { to: string; label: string };
  children: ReactNode;
}) {
  const [link, setLink] = useState<'checking' | 'valid' | string>('checking');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    check()
      .then(() => setLink('valid'))
      .catch((error: unknown) => setLink(errorMessage(error)));
  }, [check]);

  if (link === 'checking') {
    return (
      <Stack sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Checking the link" />
      </Stack>
    );
  }
  if (link === 'valid') return <>{children}</>;
  return (
    <Stack spacing={2}>
      <Alert severity="error">{link}</Alert>
      <Link component={RouterLink} to={renew.to}>
        {renew.label}
      </Link>
    </Stack>
  );
}
