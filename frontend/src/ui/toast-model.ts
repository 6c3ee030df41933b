/**
 * What a toast is and how long it shows (spec §4 and §9, document 1: 5 s, then a 300 ms
 * hide transition): shared by the provider (`toast.tsx`) and the snackbar that loads with the
 * first toast (`ToastView.tsx`).
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HIDE_DELAY_MS = 300;

export type ToastKind = 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  title?: string;
}
