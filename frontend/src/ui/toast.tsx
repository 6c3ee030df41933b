/**
 * Toasts (spec §4 and §9, document 1): shown 5 s with a 300 ms hide transition,
 * success by default or error, closable.
 */
import { lazyWhenOnline } from '@/lib/lazy-online';
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Toast, ToastKind } from './toast-model';

// The snackbar's code loads with the first toast, not with the first page.
const ToastView = lazyWhenOnline(() => import('./ToastView').then((m) => ({ default: m.ToastView })));

/** Shows a toast; `title` is the bold first line some notifications carry ("Success"). */
type ShowToast = (message: string, kind?: ToastKind, title?: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ toast: Toast; open: boolean } | null>(null);

  const show = useCallback<ShowToast>((message, kind = 'success', title) => {
    setShown({ toast: { id: Date.now(), message, kind, title }, open: true });
  }, []);
  // Closes the toast `id` only: one that times out (or is closed) just as the next is shown
  // must not take the next one with it.
  const close = useCallback((id: number, reason?: string) => {
    if (reason === 'clickaway') return;
    setShown((now) => (now?.toast.id === id ? { ...now, open: false } : now));
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastView toast={shown.toast} open={shown.open} onClose={(_, reason) => close(shown.toast.id, reason)} />
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
