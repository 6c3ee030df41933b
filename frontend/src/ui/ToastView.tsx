import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { TOAST_DURATION_MS, TOAST_HIDE_DELAY_MS, type Toast } from './toast-model';

/** One toast: top right, closable, hidden after the spec's 5 s. */
export function ToastView({ toast, open, onClose }: { toast: Toast; open: boolean; onClose: (_?: unknown, reason?: string) => void }) {
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={TOAST_DURATION_MS}
      transitionDuration={{ exit: TOAST_HIDE_DELAY_MS }}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert onClose={onClose} severity={toast.kind} variant="filled" sx={{ width: '100%' }}>
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
