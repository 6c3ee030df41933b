import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';

/** A secret the server shows this once (an API token, a webhook's signing secret, recovery
 * codes one to a line), with a button that copies it. Open while `value` is set. */
export function ShownOnceDialog({
  title,
  label,
  value,
  onClose,
  warning = 'Copy it now: you will not be able to see it again.',
  children,
}: {
  title: string;
  label: string;
  value: string | null;
  onClose: () => void;
  warning?: string;
  /** What the secret is for, above it. */
  children?: ReactNode;
}) {
  const lines = value?.split('\n').length ?? 1;
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      setCopied(false);
    }
  };
  return (
    <Dialog open={value !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          <Alert severity="warning">{warning}</Alert>
          <TextField
            label={label}
            value={value ?? ''}
            multiline={lines > 1}
            rows={lines > 1 ? lines : undefined}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
            fullWidth
          />
          {copied && <Alert severity="success">Copied to the clipboard.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
