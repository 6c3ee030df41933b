import { Box, Divider, Drawer, List, ListItem, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';
import { useGetMenu } from '@/api/endpoints/content/content';
import { homeLinks, staffConsoleLink, userMenu, type NavItem } from './navigation';
import { menuLink } from './menu-links';

interface Props {
  open: boolean;
  onClose: () => void;
  isSignedIn: boolean;
  /** Staff see the console's link. */
  isStaff: boolean;
  onSignOut: () => void;
}

/** The header's menu on narrow screens. */
export function MobileDrawer({ open, onClose, isSignedIn, isStaff, onSignOut }: Props) {
  const menu = useGetMenu();
  const link = (item: NavItem) => (
    <ListItem key={item.to} disablePadding>
      <ListItemButton component={RouterLink} to={item.to} onClick={onClose}>
        <ListItemText primary={item.title} />
      </ListItemButton>
    </ListItem>
  );
  const site = (menu.data?.data ?? []).flatMap((item) =>
    item.sub_menus.length > 0
      ? [
          <ListSubheader key={`${item.title}-header`}>{item.title}</ListSubheader>,
          ...item.sub_menus.map((sub) => link({ title: sub.title, to: menuLink(sub).to })),
        ]
      : [link({ title: item.title, to: menuLink(item).to })],
  );
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box sx={{ width: 280 }} role="navigation" aria-label="Mobile">
        <Box sx={{ p: 2 }} onClick={onClose}>
          <Logo />
        </Box>
        <Divider />
        {isSignedIn && (
          <>
            <List aria-label="Your places">{homeLinks.map(link)}</List>
            <Divider />
          </>
        )}
        <List>{site}</List>
        <Divider />
        <List>
          {isSignedIn ? (
            <>
              {userMenu.map(link)}
              {isStaff && link(staffConsoleLink)}
              <ListItem disablePadding>
                <ListItemButton onClick={onSignOut}>
                  <ListItemText primary="Sign out" />
                </ListItemButton>
              </ListItem>
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
