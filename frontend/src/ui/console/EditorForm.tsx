import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { UnsavedChangesGuard } from '@/ui/form/UnsavedChangesGuard';

interface Props<T extends FieldValues> {
  label: string;
  form: UseFormReturn<T>;
  banner: string | null;
  onSubmit: (event?: FormEvent) => Promise<void>;
  children: ReactNode;
}

/** A console editor's form: the error banner, the fields, then Save; leaving it with edits
 * not saved asks first. */
export function EditorForm<T extends FieldValues>({ label, form, banner, onSubmit, children }: Props<T>) {
  const submitting = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)}>
      <UnsavedChangesGuard form={form} />
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
