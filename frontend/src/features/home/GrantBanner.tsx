import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Container, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import pageCookies from '@/lib/page-cookies.json';
import { readCookie, writeCookie } from '@/lib/cookies';

/** Spec 2 §1: the top banner's cookie. */
export const TOP_BANNER_COOKIE = pageCookies.topBanner.name;

/** The grant banner at the top of the landing page; closing it is remembered in a cookie. */
export function GrantBanner() {
  const [closed, setClosed] = useState(() => readCookie(TOP_BANNER_COOKIE) === pageCookies.topBanner.value);
  if (closed) return null;
  return (
    <Box role="region" aria-label="Catalyst grant" sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 1 }}>
      <Container maxWidth="lg">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }}>
            Apply for the 25,000 CAD catalyst grant: the Cohort prize for first ideas.
          </Typography>
          <Button component={RouterLink} to="/register" size="small" variant="contained" color="primary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            SIGN UP
          </Button>
          <IconButton
            size="small"
            aria-label="Close the grant banner"
            onClick={() => {
              writeCookie(TOP_BANNER_COOKIE, pageCookies.topBanner.value, 30);
              setClosed(true);
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Container>
    </Box>
  );
}
