import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Container,
  IconButton,
  Menu,
  MenuItem,
  Toolbar,
} from '@mui/material';
import { startTransition, useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '@/api/endpoints/auth/auth';
import { useAuth } from '@/app/auth';
import { Logo } from './Logo';
import { MobileDrawer } from './MobileDrawer';
import { primaryNav, userMenu } from './navigation';

export function Header() {
  const { isSignedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const logout = useLogout();

  const handleSignOut = async () => {
    setMenuAnchor(null);
    setDrawerOpen(false);
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
  };

  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 60, md: 72 } }}>
          <IconButton
            edge="start"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2, flex: 1 }}>
            {primaryNav.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                color="inherit"
                sx={{ '&.active': { color: 'primary.main' } }}
              >
                {item.title}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: { xs: 1, md: 0 } }} />
          {isSignedIn ? (
            <>
              <IconButton
                aria-label="Account menu"
                aria-haspopup="menu"
                onClick={(event) => setMenuAnchor(event.currentTarget)}
                color="primary"
              >
                <AccountCircle fontSize="large" />
              </IconButton>
              <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
                {userMenu.map((item) => (
                  <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={() => setMenuAnchor(null)}>
                    {item.title}
                  </MenuItem>
                ))}
                <MenuItem onClick={handleSignOut}>Sign out</MenuItem>
              </Menu>
            </>
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
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        isSignedIn={isSignedIn}
        onSignOut={handleSignOut}
      />
    </AppBar>
  );
}
