import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Link, Menu, MenuItem as MuiMenuItem, Stack } from '@mui/material';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useGetMenu } from '@/api/endpoints/content/content';
import type { MenuItem } from '@/api/model';

/** Spec 1 §9: sub-menu columns split after 4 items. */
export const SUB_MENU_COLUMN = 4;

/** Where a menu item leads, and whether that is outside the site. */
export function menuLink(item: MenuItem): { to: string; external: boolean } {
  const to = item.page_link ?? item.link_url ?? '/';
  return { to, external: /^https?:\/\//.test(to) };
}

/** Sub-menu items in columns of at most four. */
export function columns<T>(items: T[], size = SUB_MENU_COLUMN): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The site's menu from the CMS (`GET /api/menus`), for wide screens. */
export function SiteMenu() {
  const menu = useGetMenu();
  return (
    <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2, flex: 1 }}>
      {menu.data?.data.map((item) =>
        item.sub_menus.length > 0 ? <DropDown key={item.title} item={item} /> : <TopLink key={item.title} item={item} />,
      )}
    </Box>
  );
}

function TopLink({ item }: { item: MenuItem }) {
  const { to, external } = menuLink(item);
  return external ? (
    <Button color="inherit" href={to} target="_blank" rel="noopener noreferrer">
      {item.title}
    </Button>
  ) : (
    <Button component={NavLink} to={to} color="inherit" sx={{ '&.active': { color: 'primary.main' } }}>
      {item.title}
    </Button>
  );
}

function DropDown({ item }: { item: MenuItem }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button color="inherit" endIcon={<ExpandMoreIcon />} aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(e) => setAnchor(e.currentTarget)}>
        {item.title}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { 'aria-label': item.title } }}>
        <Stack direction="row" spacing={1} sx={{ px: 1 }}>
          {columns(item.sub_menus).map((column, index) => (
            <Box key={index} sx={{ minWidth: 200 }}>
              {column.map((sub) => {
                const { to, external } = menuLink(sub);
                return external ? (
                  <MuiMenuItem key={sub.title} component={Link} href={to} target="_blank" rel="noopener noreferrer" onClick={close}>
                    {sub.title}
                  </MuiMenuItem>
                ) : (
                  <MuiMenuItem key={sub.title} component={RouterLink} to={to} onClick={close}>
                    {sub.title}
                  </MuiMenuItem>
                );
              })}
            </Box>
          ))}
        </Stack>
      </Menu>
    </>
  );
}
