import MenuIcon from '@mui/icons-material/Menu';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { AppBar, Box, Button, Container, IconButton, Skeleton, Toolbar } from '@mui/material';
import { startTransition, Suspense, useState, type ComponentType } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useGetMe, useLogout } from '@/api/endpoints/auth/auth';
import { useAuth } from '@/lib/auth';
import { whileSigningOut } from '@/lib/api-client';
import { useOpenedOnce } from '@/ui/useOpenedOnce';
import { HeaderSearch } from './HeaderSearch';
import { Logo } from './Logo';
import { SiteMenu } from './SiteMenu';

// Loaded when needed: a visitor's first page carries neither.
const AccountTools = lazyWhenOnline(() => import('./AccountTools').then((m) => ({ default: m.AccountTools })));
const MobileDrawer = lazyWhenOnline(() => import('./MobileDrawer').then((m) => ({ default: m.MobileDrawer })));

export function Header({ Alerts }: { Alerts: ComponentType }) {
  const { isSignedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);

  const logout = useLogout();
  const me = useGetMe({ query: { enabled: isSignedIn } });
  const account = isSignedIn ? me.data?.data : undefined;

  const handleSignOut = async (closeMenu?: () => void) => {
    closeMenu?.();
    setDrawerOpen(false);
    // Requests racing the sign-out (a refetch, the live channel closing) may answer 401
    // once the session is revoked; the sign-out below forgets the token itself.
    await whileSigningOut(async () => {
      try {
        // Revoke the session on the server first; the token is forgotten either way.
        await logout.mutateAsync();
      } catch {
        // An already-dead session needs no revoking.
      }
      // The router navigates inside a transition; forgetting the token in the same
      // transition renders both at once, so the private page's guard never sees a
      // signed-out user still on it (which would add a redirect back to it).
      startTransition(() => {
        signOut();
        void navigate('/login');
      });
    });
  };

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 2, lg: 1.5 }, minHeight: { xs: 60, md: 72 } }}>
          <IconButton
            edge="start"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo />
          <SiteMenu />
          <Box sx={{ flex: { xs: 1, lg: 0 } }} />
          <HeaderSearch compact={isSignedIn} />
          {isSignedIn ? (
            <Suspense fallback={<Skeleton variant="circular" width={36} height={36} aria-hidden />}>
              <AccountTools Alerts={Alerts} onSignOut={(closeMenu) => void handleSignOut(closeMenu)} />
            </Suspense>
          ) : (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button component={RouterLink} to="/login" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
                Sign in
              </Button>
              <Button component={RouterLink} to="/register" variant="contained">
                Sign up now
              </Button>
            </Box>
          )}
        </Toolbar>
      </Container>
      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            isSignedIn={isSignedIn}
            isStaff={Boolean(account?.staff_role)}
            onSignOut={() => void handleSignOut()}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
