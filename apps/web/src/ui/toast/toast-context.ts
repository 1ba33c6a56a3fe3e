import { createContext, useContext } from 'react';

export type ToastKind = 'success' | 'error';

/** A button in the toast (e.g. 元に戻す); pressing it closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

export type ToastApi = {
  success: (message: string, options?: { action?: ToastAction }) => void;
  error: (message: string) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
