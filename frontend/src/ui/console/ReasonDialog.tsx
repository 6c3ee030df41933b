import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';

interface Props {
  open: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** The reason is sent to the person concerned and kept in the audit log. */
  reasonLabel?: string;
  /** The decision needs a reason: it cannot be confirmed without one. */
  required?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Confirms a staff decision and asks why (optional), as owners and the log are told. */
export function ReasonDialog({
  open,
  title,
  text,
  confirmLabel,
  danger,
  busy,
  reasonLabel = 'Reason (optional)',
  required = false,
  onConfirm,
  onClose,
}: Props) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
        <TextField
          label={reasonLabel}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          required={required}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={busy || (required && !reason.trim())}
          onClick={() => {
            onConfirm(reason.trim());
            setReason('');
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
