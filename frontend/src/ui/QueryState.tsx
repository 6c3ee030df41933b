/**
 * Loading, error and empty states for data screens, with the texts of spec §8
 * (document 1).
 */
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ApiError, SOMETHING_WENT_WRONG } from '@/lib/api-error';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress />
    </Box>
  );
}

export function EmptyState({ children = 'No data.' }: { children?: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** The texts a screen shows for a failed request. */
export function errorScreenText(error: unknown): { title: string; text?: string; canRetry: boolean } {
  if (error instanceof ApiError) {
    if (error.status === 404) {
      return { title: '404', text: "Not found. The page you're looking for doesn't exist.", canRetry: false };
    }
    if (error.status === 403) return { title: 'You are not allowed to perform this action.', canRetry: false };
    if (error.code === 'user_inactive') {
      return {
        title: "Please confirm your account using the link you've received via email.",
        canRetry: false,
      };
    }
  }
  return { title: SOMETHING_WENT_WRONG, canRetry: true };
}

export function ErrorState({ error, onRetry, pageHeading = false }: { error: unknown; onRetry?: () => void; pageHeading?: boolean }) {
  const { title, text, canRetry } = errorScreenText(error);
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
      {/* In place of a whole page (its item could not be loaded), the title is the page's h1. */}
      <Typography variant="h3" component={pageHeading ? 'h1' : 'p'}>
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
      {canRetry && onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
