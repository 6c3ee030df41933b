import { Button, Stack } from '@mui/material';

interface Props {
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  color?: 'primary' | 'error';
}

/** Cancel and submit, right-aligned, at the foot of a form inside a dialog. */
export function DialogFormActions({ submitLabel, onCancel, busy, color = 'primary' }: Props) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" color={color} disabled={busy}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
