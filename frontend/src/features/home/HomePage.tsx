import Diversity3Icon from '@mui/icons-material/Diversity3';
import ForumIcon from '@mui/icons-material/Forum';
import SchoolIcon from '@mui/icons-material/School';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { LazyWhenNear } from '@/ui/LazyWhenNear';
import { usePageTitle } from '@/ui/page-title';
import { GrantBanner } from './GrantBanner';
import { LatestGroups } from './LatestGroups';
import { LatestPosts } from './LatestPosts';
import { LiveProjects } from './LiveProjects';

// The sign-up form sits at the foot of the page: its code loads when it scrolls near.
const UpdatesSignup = lazy(() => import('./UpdatesSignup').then((m) => ({ default: m.UpdatesSignup })));

const values = [
  {
    icon: <Diversity3Icon fontSize="large" color="primary" />,
    title: 'Research together',
    text: 'Researchers, clinicians, patients and the public shape studies side by side in working groups.',
  },
  {
    icon: <ForumIcon fontSize="large" color="primary" />,
    title: 'Open review',
    text: 'Proposals improve in the open through discussion, comments and ratings from every perspective.',
  },
  {
    icon: <VolunteerActivismIcon fontSize="large" color="primary" />,
    title: 'Precision funding',
    text: 'Funders and the public back the university-affiliated projects they believe in.',
  },
  {
    icon: <SchoolIcon fontSize="large" color="primary" />,
    title: 'Learn from experts',
    text: 'Expert lectures and quizzes with certificates keep everyone up to date.',
  },
];

export function HomePage() {
  usePageTitle('Home');
  const { isSignedIn } = useAuth();
  return (
    <>
      <GrantBanner />
      <Box sx={{ background: 'linear-gradient(135deg, #0b5d6b 0%, #127b83 60%, #2a9d8f 100%)', color: '#fff' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 8, md: 12 } }}>
          <Stack spacing={3} sx={{ maxWidth: 720 }}>
            <Typography variant="h1">Better medicine together</Typography>
            <Typography variant="h6" component="p" sx={{ opacity: 0.92, fontWeight: 400 }}>
              Cohort brings researchers at every career stage, health professionals, funders, helpers,
              mentors, patients and the public together to move medical research forward.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {isSignedIn ? (
                <Button component={RouterLink} to="/dashboard" variant="contained" color="secondary" size="large">
                  Go to your dashboard
                </Button>
              ) : (
                <Button component={RouterLink} to="/register" variant="contained" color="secondary" size="large">
                  Sign up now
                </Button>
              )}
              <Button
                component={RouterLink}
                to="/working-groups"
                variant="outlined"
                size="large"
                sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}
              >
                Explore working groups
              </Button>
              <Button component={RouterLink} to="/projects" variant="outlined" size="large" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}>
                Back a project
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {values.map((value) => (
            <Card key={value.title} variant="outlined">
              <CardContent>
                <Stack spacing={1.5}>
                  {value.icon}
                  <Typography variant="h6" component="h2">
                    {value.title}
                  </Typography>
                  <Typography color="text.secondary">{value.text}</Typography>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
      <Container maxWidth="lg">
        <Stack spacing={{ xs: 8, md: 10 }} sx={{ pb: 4 }}>
          <LatestGroups />
          <LiveProjects />
          <LatestPosts />
          <Box component="section" id="about" aria-labelledby="landing-about" sx={{ scrollMarginTop: 96 }}>
            <Typography variant="h3" component="h2" id="landing-about" gutterBottom>
              About Cohort
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 760, mb: 2 }}>
              Cohort is a free platform where the people who need better medicine and the people who research it work
              together: open working groups, transparent review of proposals, and funding that follows the community's
              judgement and expert approval.
            </Typography>
            <Button component={RouterLink} to="/about" variant="outlined">
              Read more about us
            </Button>
          </Box>
          <Box component="section" id="contact" aria-labelledby="landing-contact" sx={{ scrollMarginTop: 96 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={6}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="h3" component="h2" id="landing-contact" gutterBottom>
                  Contact
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  Questions, ideas or press enquiries: we read every message.
                </Typography>
                <Button component={RouterLink} to="/contact-us" variant="contained">
                  Contact us
                </Button>
              </Box>
              <Box sx={{ flex: 1 }}>
                <LazyWhenNear minHeight={420}>
                  <UpdatesSignup />
                </LazyWhenNear>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
