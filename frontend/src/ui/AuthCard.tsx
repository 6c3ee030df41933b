import { Card, CardContent, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame of every sign-in and sign-up screen. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Container maxWidth={wide ? 'md' : 'sm'} sx={{ py: { xs: 3, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 5 } }}>
          <Typography variant="h2" component="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
