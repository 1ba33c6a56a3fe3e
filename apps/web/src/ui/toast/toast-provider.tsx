import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastAction, type ToastApi, type ToastKind } from './toast-context';
import './toast.css';

/** UI-47: toasts close on their own after exactly this long. */
export const TOAST_DURATION_MS = 3000;

type Toast = { id: number; kind: ToastKind; message: string; action?: ToastAction };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const schedule = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );
  // A toast with a button waits while the pointer or focus is on it, then closes after the
  // full duration again (decision 0277): 3 s is too short to reach 元に戻す otherwise.
  const hold = useCallback((id: number) => clearTimeout(timers.current.get(id)), []);

  const show = useCallback(
    (kind: ToastKind, message: string, action?: ToastAction) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, kind, message, ...(action ? { action } : {}) }]);
      schedule(id);
    },
    [schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options?.action),
      error: (message) => show('error', message),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack">
        {toasts.map((toast) => (
          // Errors interrupt (alert); successes are announced politely (status).
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            {...(toast.action
              ? {
                  onPointerEnter: () => hold(toast.id),
                  onPointerLeave: () => schedule(toast.id),
                  onFocus: () => hold(toast.id),
                  onBlur: () => schedule(toast.id),
                }
              : {})}
          >
            <span className="toast__message">{toast.message}</span>
            {toast.action ? (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  dismiss(toast.id);
                  toast.action!.onClick();
                }}
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              className="toast__close"
              aria-label="閉じる"
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
