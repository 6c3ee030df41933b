/**
 * Toasts (spec §4 and §9, document 1): shown 5 s with a 300 ms hide transition,
 * success by default or error, closable.
 */
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_HIDE_DELAY_MS = 300;

export type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  title?: string;
}

/** Shows a toast; `title` is the bold first line some notifications carry ("Success"). */
type ShowToast = (message: string, kind?: ToastKind, title?: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback<ShowToast>((message, kind = 'success', title) => {
    setToast({ id: Date.now(), message, kind, title });
    setOpen(true);
  }, []);
  const close = useCallback((_?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        autoHideDuration={TOAST_DURATION_MS}
        transitionDuration={{ exit: TOAST_HIDE_DELAY_MS }}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Alert onClose={close} severity={toast?.kind ?? 'success'} variant="filled" sx={{ width: '100%' }}>
          {toast?.title && <AlertTitle>{toast.title}</AlertTitle>}
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
