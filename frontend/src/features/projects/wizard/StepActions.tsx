import { Button, Stack } from '@mui/material';

/** Back (when there is a step before) and the step's own submit button. */
export function StepActions({ onBack, busy, label = 'Save & next' }: { onBack?: () => void; busy: boolean; label?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: onBack ? 'space-between' : 'flex-end' }}>
      {onBack && <Button onClick={onBack}>Back</Button>}
      <Button type="submit" variant="contained" disabled={busy}>
        {label}
      </Button>
    </Stack>
  );
}
