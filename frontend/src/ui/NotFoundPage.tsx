import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { NOT_FOUND_TITLE, usePageTitle } from '@/ui/page-title';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: { xs: 8, md: 14 }, px: 2, textAlign: 'center' }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontSize: '5rem' }}>
        404
      </Typography>
      <Typography variant="h2" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary">The page you're looking for doesn't exist.</Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Go back home
      </Button>
    </Stack>
  );
}
