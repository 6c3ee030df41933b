import MenuIcon from '@mui/icons-material/Menu';
import {
  Box,
  Container,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ErrorState, Loading } from '@/ui/QueryState';
import { staffSections } from './nav';
import { useStaff } from '@/ui/console/useStaff';

const DRAWER_WIDTH = 240;

/** /staff/*: the console's side navigation around its pages; 404 for anyone not staff. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { overview, data } = useStaff();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const location = useLocation();

  if (overview.isPending) return <Loading />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;

  // What the signed-in staff member may open: a moderator's console has no admin pages.
  const sections = staffSections
    .map((section) => ({ ...section, items: section.items.filter((item) => !item.ability || data?.[item.ability]) }))
    .filter((section) => section.items.length > 0);
  const nav = (
    <Box component="nav" aria-label="Staff console" sx={{ width: DRAWER_WIDTH }}>
      {sections.map((section) => (
        <List
          key={section.heading}
          dense
          subheader={<ListSubheader disableSticky>{section.heading}</ListSubheader>}
        >
          {section.items.map((item) => {
              // `/staff/blog` is active on its editors, not on `/staff/blog-categories`.
              const active =
                location.pathname === item.to ||
                (item.to !== '/staff' && location.pathname.startsWith(`${item.to}/`));
              return (
                <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  end={item.to === '/staff'}
                  selected={active}
                  onClick={() => setOpen(false)}
                >
                  <ListItemText primary={item.title} />
                </ListItemButton>
                </ListItem>
              );
            })}
        </List>
      ))}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '70vh' }}>
      {wide ? (
        <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>{nav}</Box>
      ) : (
        <Drawer open={open} onClose={() => setOpen(false)}>
          {nav}
        </Drawer>
      )}
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, minWidth: 0 }}>
        {!wide && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <IconButton aria-label="Open the console's menu" onClick={() => setOpen(true)} edge="start">
              <MenuIcon />
            </IconButton>
            <Typography variant="overline">Staff console</Typography>
          </Stack>
        )}
        {children}
      </Container>
    </Box>
  );
}
