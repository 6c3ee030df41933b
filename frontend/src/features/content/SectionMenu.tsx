import { Box, Button, Container, Stack } from '@mui/material';
import { NavLink } from 'react-router';
import { useGetLgpMenu } from '@/api/endpoints/content/content';
import { menuTarget } from './menuTarget';

/** The prize pages' own menu bar (`GET /api/menus/lgp`). */
export function SectionMenu() {
  const menu = useGetLgpMenu();
  return (
    <Box component="nav" aria-label="Section menu" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ overflowX: 'auto', py: 1, gap: 1 }}>
          {menu.data?.data.map((item) => (
            <Button key={item.title} component={NavLink} to={menuTarget(item)} end sx={{ flexShrink: 0, '&.active': { bgcolor: 'action.selected' } }}>
              {item.title}
            </Button>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
