import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled block of the Account tab. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id={id}>
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
