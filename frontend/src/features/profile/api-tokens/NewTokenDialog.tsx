import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import type { ApiTokenCreated } from '@/api/model';

/** The new token, shown this once, with a button that copies it. */
export function NewTokenDialog({ created, onClose }: { created: ApiTokenCreated | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      setCopied(false);
    }
  };
  return (
    <Dialog open={created !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Copy your new token</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">Copy it now: you will not be able to see it again.</Alert>
          <TextField
            label={created?.api_token.name ?? 'Token'}
            value={created?.token ?? ''}
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
