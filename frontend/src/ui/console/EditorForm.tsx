import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  label: string;
  banner: string | null;
  submitting: boolean;
  onSubmit: (event?: FormEvent) => Promise<void>;
  children: ReactNode;
}

/** A console editor's form: the error banner, the fields, then Save. */
export function EditorForm({ label, banner, submitting, onSubmit, children }: Props) {
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2.5}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {children}
        <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
          {submitting ? <CircularProgress size={22} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
