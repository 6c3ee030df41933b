import { Button, Stack, Typography } from '@mui/material';
import { SOMETHING_WENT_WRONG } from '@/lib/api-error';

/** The screen shown when rendering fails; "Try again" resets it. */
export function ErrorFallback({ onReset }: { onReset: () => void }) {
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'center', py: 12, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="h1">
        {SOMETHING_WENT_WRONG}
      </Typography>
      <Button variant="contained" onClick={onReset}>
        Try again
      </Button>
    </Stack>
  );
}
