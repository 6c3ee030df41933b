import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { usePageTitle } from '@/ui/page-title';
import { GroupBrowser } from './GroupBrowser';

export const CREATE_ROUTE = '/working-groups/create';

/** /working-groups: intro, Learn More, Start a working group, then the browse list. */
export function WorkingGroupsLanding() {
  usePageTitle('Working Groups');
  const { isSignedIn } = useAuth();
  const start = isSignedIn ? CREATE_ROUTE : `/login?redirect_to=${encodeURIComponent(CREATE_ROUTE)}`;
  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}>
        <Container maxWidth="lg">
          <Stack spacing={2} sx={{ maxWidth: 720 }}>
            <Typography variant="h2" component="h1">
              Working groups
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.9 }}>
              Researchers, health professionals, patients and caregivers meet around one question, share what they
              know, and shape the research that comes next.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button component={RouterLink} to={start} variant="contained" color="secondary" size="large">
                Start a working group
              </Button>
              <Button component={RouterLink} to="/working-groups/learn-more" variant="outlined" color="inherit" size="large">
                Learn More
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <GroupBrowser />
      </Container>
    </>
  );
}
