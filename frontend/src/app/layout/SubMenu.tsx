import { Box, Link, Menu, MenuItem as MuiMenuItem, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { MenuItem } from '@/api/model';
import { columns, menuLink } from './menu-links';

/** A site menu item's drop-down: its sub-menus in columns of four. */
export function SubMenu({ item, anchor, onClose }: { item: MenuItem; anchor: HTMLElement | null; onClose: () => void }) {
  return (
    // In the header (its banner landmark), not at the end of the page outside every landmark.
    <Menu disablePortal anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ list: { 'aria-label': item.title } }}>
      <Stack direction="row" spacing={1} sx={{ px: 1 }}>
        {columns(item.sub_menus).map((column, index) => (
          <Box key={index} sx={{ minWidth: 200 }}>
            {column.map((sub) => {
              const { to, external } = menuLink(sub);
              return external ? (
                <MuiMenuItem key={sub.title} component={Link} href={to} target="_blank" rel="noopener noreferrer" onClick={onClose}>
                  {sub.title}
                </MuiMenuItem>
              ) : (
                <MuiMenuItem key={sub.title} component={RouterLink} to={to} onClick={onClose}>
                  {sub.title}
                </MuiMenuItem>
              );
            })}
          </Box>
        ))}
      </Stack>
    </Menu>
  );
}
