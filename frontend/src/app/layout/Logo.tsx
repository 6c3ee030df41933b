import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Cohort home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'inherit' }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: '1.35rem', letterSpacing: '-0.02em', color: inverted ? '#fff' : 'primary.main' }}
      >
        Cohort
      </Typography>
    </Box>
  );
}
