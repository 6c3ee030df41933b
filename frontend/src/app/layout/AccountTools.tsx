import { Avatar, IconButton, Menu, MenuItem } from '@mui/material';
import { useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { CompletionPopover } from '@/ui/completion/CompletionPopover';
import { staffConsoleLink, userMenu } from './navigation';

interface Props {
  Bell: ComponentType;
  onSignOut: (closeMenu: () => void) => void;
}

/**
 * What the header shows a signed-in member: the bell, the profile meter and the account
 * menu. Its own chunk: visitors never download it.
 */
export function AccountTools({ Bell, onSignOut }: Props) {
  const me = useGetMe();
  const account = me.data?.data;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const close = () => setMenuAnchor(null);
  return (
    <>
      <Bell />
      <CompletionPopover />
      <IconButton aria-label="Account menu" aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
        <Avatar
          src={account?.avatar_thumbnail ?? undefined}
          alt={account?.name ?? ''}
          sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}
        >
          {account?.name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={close}>
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
      </Menu>
    </>
  );
}
