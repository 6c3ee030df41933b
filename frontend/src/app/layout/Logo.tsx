import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Cohort home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexShrink: 0, textDecoration: 'none', color: 'inherit' }}
    >
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.35rem',
          letterSpacing: '-0.02em',
          whiteSpace: 'nowrap',
          color: inverted ? '#fff' : 'primary.main',
          // On the narrowest phones the mark alone leaves room for the member's controls.
          '@media (max-width: 359.95px)': { display: 'none' },
        }}
      >
        Cohort
      </Typography>
    </Box>
  );
}
