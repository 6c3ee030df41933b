import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/ui/page-title';

/** A console page: its title (also the document's), actions on the right, then the body. */
/** The console's own name, its home page's title. */
export const STAFF_CONSOLE = 'Staff console';

export function StaffPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  // The console's home is the console; its sections read "Staff · <section>".
  usePageTitle(title === STAFF_CONSOLE ? title : `Staff · ${title}`);
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
