import FacebookIcon from '@mui/icons-material/Facebook';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, Container, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';
import { footerLinks } from './navigation';

const social = [
  { label: 'Cohort on LinkedIn', href: 'https://www.linkedin.com/', icon: <LinkedInIcon /> },
  { label: 'Cohort on X', href: 'https://x.com/', icon: <XIcon /> },
  { label: 'Cohort on Facebook', href: 'https://www.facebook.com/', icon: <FacebookIcon /> },
  { label: 'Cohort on YouTube', href: 'https://www.youtube.com/', icon: <YouTubeIcon /> },
];

export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0a3d47', color: '#e6f0f2', mt: 8, py: 6 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={1.5} sx={{ maxWidth: 320 }}>
            <Logo inverted />
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              Better medicine together: researchers, health professionals, funders, patients and the
              public working on medical research side by side.
            </Typography>
            <Stack direction="row" spacing={0.5}>
              {social.map((item) => (
                <IconButton
                  key={item.label}
                  component="a"
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={item.label}
                  sx={{ color: 'inherit' }}
                >
                  {item.icon}
                </IconButton>
              ))}
            </Stack>
          </Stack>
          <Box
            component="nav"
            aria-label="Footer"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)' }, gap: 1.5, columnGap: 5 }}
          >
            {footerLinks.map((item) => (
              <Link key={item.to} component={RouterLink} to={item.to} color="inherit" underline="hover" variant="body2">
                {item.title}
              </Link>
            ))}
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 5, opacity: 0.7 }}>
          © 2023–{new Date().getFullYear()} Cohort. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
