import { Box, Divider, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';
import { primaryNav, userMenu, type NavItem } from './navigation';

interface Props {
  open: boolean;
  onClose: () => void;
  isSignedIn: boolean;
  onSignOut: () => void;
}

/** The header's menu on narrow screens. */
export function MobileDrawer({ open, onClose, isSignedIn, onSignOut }: Props) {
  const link = (item: NavItem) => (
    <ListItemButton key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
      <ListItemText primary={item.title} />
    </ListItemButton>
  );
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box sx={{ width: 280 }} role="navigation" aria-label="Mobile">
        <Box sx={{ p: 2 }} onClick={onClose}>
          <Logo />
        </Box>
        <Divider />
        <List>{primaryNav.map(link)}</List>
        <Divider />
        <List>
          {isSignedIn ? (
            <>
              {userMenu.map(link)}
              <ListItemButton onClick={onSignOut}>
                <ListItemText primary="Sign out" />
              </ListItemButton>
            </>
          ) : (
            <>
              {link({ title: 'Sign in', to: '/login' })}
              {link({ title: 'Sign up now', to: '/register' })}
            </>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
