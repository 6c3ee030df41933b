import { Avatar, Box, Button, Divider, IconButton, Menu, MenuItem } from '@mui/material';
import { useColorScheme } from '@mui/material/styles';
import { useState, type ComponentType } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { CompletionPopover } from '@/ui/completion/CompletionPopover';
import { homeLinks, staffConsoleLink, userMenu } from './navigation';
import { initial } from '@/lib/initial';

/** The theme follows the system until the member picks light or dark (kept in this browser). */
const COLOR_SCHEMES = [
  ['system', 'Theme of the system'],
  ['light', 'Light theme'],
  ['dark', 'Dark theme'],
] as const;

interface Props {
  /** The messages button and the bell, composed by the router (features of their own). */
  Alerts: ComponentType;
  onSignOut: (closeMenu: () => void) => void;
}

/**
 * What the header shows a signed-in member: their dashboard and feed, messages and the bell, the profile
 * meter and the account menu. Its own chunk: visitors never download it.
 */
export function AccountTools({ Alerts, onSignOut }: Props) {
  const me = useGetMe();
  const { mode, setMode } = useColorScheme();
  const account = me.data?.data;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const close = () => setMenuAnchor(null);
  return (
    <>
      <Box component="nav" aria-label="Your places" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
        {homeLinks.map((item) => (
          <Button
            key={item.to}
            component={NavLink}
            to={item.to}
            color="inherit"
            sx={{ whiteSpace: 'nowrap', '&.active': { color: 'primary.main', fontWeight: 600 } }}
          >
            {item.title}
          </Button>
        ))}
      </Box>
      {/* The icons sit close together, so the header holds them beside the menu and the
          search box from a 320 px phone to a desktop. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
        <Alerts />
        <CompletionPopover />
        <IconButton aria-label="Account menu" aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
          <Avatar
            src={account?.avatar_thumbnail ?? undefined}
            alt={account?.name ?? ''}
            sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}
          >
            {initial(account?.name)}
          </Avatar>
        </IconButton>
      </Box>
      {/* In the header (its banner landmark), not at the end of the page outside every landmark. */}
      <Menu disablePortal anchorEl={menuAnchor} open={menuAnchor !== null} onClose={close}>
        {userMenu.map((item) => (
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
            {item.title}
          </MenuItem>
        ))}
        {account?.staff_role && (
          <MenuItem component={RouterLink} to={staffConsoleLink.to} onClick={close}>
            {staffConsoleLink.title}
          </MenuItem>
        )}
        <MenuItem onClick={() => onSignOut(close)}>Sign out</MenuItem>
        <Divider />
        {COLOR_SCHEMES.map(([value, label]) => (
          <MenuItem
            key={value}
            role="menuitemradio"
            aria-checked={(mode ?? 'system') === value}
            selected={(mode ?? 'system') === value}
            onClick={() => {
              setMode(value);
              close();
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
