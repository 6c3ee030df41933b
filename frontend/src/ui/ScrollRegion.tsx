import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Content wider than a phone, scrolled sideways inside the page: a named region that takes
 * focus, so a keyboard user can scroll it with the arrow keys too (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}
