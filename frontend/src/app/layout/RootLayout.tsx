import { Box, CircularProgress } from '@mui/material';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RouteFocus } from '@/app/routes/RouteFocus';
import { ScrollToTop } from '@/app/routes/ScrollToTop';
import { PasswordChangeGate } from '@/app/routes/guards';
import { loginPathFor } from '@/lib/redirect';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { LazyWhenNear } from '@/ui/LazyWhenNear';
import { CookieBanner } from './CookieBanner';
import { OfflineBanner } from './OfflineBanner';
import { Header } from './Header';
import { useUploadProgress } from '@/lib/upload-progress';

// The footer is below every page's fold: its code loads when it comes near.
const Footer = lazyWhenOnline(() => import('./Footer').then((m) => ({ default: m.Footer })));
// Its code loads with the first upload.
const UploadProgressBar = lazyWhenOnline(() => import('@/ui/UploadProgressBar').then((m) => ({ default: m.UploadProgressBar })));

/** The shell; the router hands in the notifications feature's bell. */
export function RootLayout({ Alerts }: { Alerts: ComponentType }) {
  const navigate = useNavigate();
  const location = useLocation();
  const uploading = useUploadProgress() !== null;

  useEffect(() => {
    // Spec §8: an inactive user is sent to /login; any other 401 signs out, then /login.
    setUnauthorizedHandler((code) => {
      // Already on the sign-in page: nothing to send the user back to.
      if (window.location.pathname === '/login') return;
      navigate(code === 'user_inactive' ? '/login' : loginPathFor(window.location), { replace: true });
    });
  }, [navigate]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <ScrollToTop />
      <RouteFocus mainId={MAIN_ID} />
      <PasswordChangeGate />
      {uploading && (
        <Suspense fallback={null}>
          <UploadProgressBar />
        </Suspense>
      )}
      <Header Alerts={Alerts} />
      {/* At least a screen high, so the footer never shows above a page still loading and
          then jumps down when it arrives (a layout shift). */}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, minHeight: '100vh', '&:focus': { outline: 'none' } }}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <LazyWhenNear minHeight={260}>
        <Footer />
      </LazyWhenNear>
      <CookieBanner />
      <OfflineBanner />
    </Box>
  );
}

/** Where the skip link leads and route changes move focus within. */
const MAIN_ID = 'main-content';

/** The first stop of the Tab key: straight past the header to the page's content. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        // Shown, it is a bar of its own above the header, covering none of its controls.
        '&:focus': { position: 'static', display: 'block', borderRadius: 0, py: 1.5 },
      }}
    >
      Skip to main content
    </Box>
  );
}

function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }} role="status" aria-label="Loading">
      <CircularProgress />
    </Box>
  );
}
