import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { lazyWhenOnline } from '@/lib/lazy-online';
import { Box, Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { useGetMenu } from '@/api/endpoints/content/content';
import type { MenuItem } from '@/api/model';
import { useOpenedOnce } from '@/ui/useOpenedOnce';
import { menuLink } from './menu-links';

// A drop-down's list loads when it is first opened.
const SubMenu = lazyWhenOnline(() => import('./SubMenu').then((m) => ({ default: m.SubMenu })));

/** The site's menu from the CMS (`GET /api/menus`), for wide screens (from `lg`: below it the
 * entries, each on one line, no longer fit beside the search and the account's tools, and the
 * drawer holds them). */
export function SiteMenu() {
  const menu = useGetMenu();
  return (
    <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, ml: 2, flex: 1 }}>
      {menu.data?.data.map((item) =>
        item.sub_menus.length > 0 ? <DropDown key={item.title} item={item} /> : <TopLink key={item.title} item={item} />,
      )}
    </Box>
  );
}

/** A menu's entries keep to one line each (a wrapped "Working groups" doubled the header). */
const ENTRY = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

function TopLink({ item }: { item: MenuItem }) {
  const { to, external } = menuLink(item);
  return external ? (
    <Button color="inherit" href={to} target="_blank" rel="noopener noreferrer" sx={ENTRY}>
      {item.title}
    </Button>
  ) : (
    <Button component={NavLink} to={to} color="inherit" sx={{ ...ENTRY, '&.active': { color: 'primary.main' } }}>
      {item.title}
    </Button>
  );
}

function DropDown({ item }: { item: MenuItem }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpenedOnce(anchor !== null);
  return (
    <>
      <Button color="inherit" endIcon={<ExpandMoreIcon />} aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(e) => setAnchor(e.currentTarget)} sx={ENTRY}>
        {item.title}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SubMenu item={item} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
