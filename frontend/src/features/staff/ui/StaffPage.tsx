import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/ui/page-title';

/** A console page: its title (also the document's), actions on the right, then the body. */
export function StaffPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(`Staff · ${title}`);
  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
