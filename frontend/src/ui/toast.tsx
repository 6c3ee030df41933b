/**
 * Toasts (spec §4 and §9, document 1): shown 5 s with a 300 ms hide transition,
 * success by default or error, closable.
 */
import { lazyWhenOnline } from '@/lib/lazy-online';
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// The snackbar's code loads with the first toast, not with the first page.
const ToastView = lazyWhenOnline(() => import('./ToastView').then((m) => ({ default: m.ToastView })));

export const TOAST_DURATION_MS = 5000;
export const TOAST_HIDE_DELAY_MS = 300;

export type ToastKind = 'success' | 'error';

export interface Toast {
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
      {toast && (
        <Suspense fallback={null}>
          <ToastView toast={toast} open={open} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
