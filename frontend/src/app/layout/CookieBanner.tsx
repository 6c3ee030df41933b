import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import pageCookies from '@/lib/page-cookies.json';
import { readCookie, writeCookie } from '@/lib/cookies';

/** Spec 2 §3: the consent cookie holds `true`; it lasts 365 days (§9). */
export const CONSENT_COOKIE = pageCookies.consent.name;
export const CONSENT_DAYS = 365;

/** The banner at the bottom of every page until cookies are accepted. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => readCookie(CONSENT_COOKIE) === pageCookies.consent.value);
  if (accepted) return null;
  const accept = () => {
    writeCookie(CONSENT_COOKIE, pageCookies.consent.value, CONSENT_DAYS);
    setAccepted(true);
  };
  return (
    <>
      {/* Room at the foot of the page, so the banner never hides the footer. */}
      <Box aria-hidden sx={{ height: { xs: 150, sm: 88 } }} />
      {/* Under a dialog's backdrop (it could not be used there while drawn above it), above
          the page, its header and its drawers. */}
      <Box
        role="region"
        aria-label="Cookie consent"
        sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.modal - 1, bgcolor: 'grey.900', color: 'common.white', py: 2, boxShadow: 6 }}
      >
        <Container maxWidth="lg">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2">
              We use cookies to keep you signed in and to remember your choices. Read our{' '}
              <Link component={RouterLink} to="/cookie-policy" color="inherit" sx={{ textDecorationColor: 'inherit' }}>
                cookie policy
              </Link>
              .
            </Typography>
            <Button variant="contained" color="secondary" onClick={accept} sx={{ flexShrink: 0 }}>
              I accept cookies
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
