import { useId, useLayoutEffect, useSyncExternalStore } from 'react';

/** UI-48: the first modal sits at 1000; each one above it two higher (backdrop, then panel). */
export const MODAL_BASE_Z_INDEX = 1000;

/** Stacking index starts at 0 for the bottom modal: 0 → 1000, 1 → 1002, 2 → 1004. */
export function modalZIndex(stackIndex: number): number {
  return MODAL_BASE_Z_INDEX + 2 * stackIndex;
}

// One stack for the whole page: modals opened from anywhere (features, toasts' callers, other
// modals) must agree on who is on top, so it is module state rather than a provider.
let stack: readonly string[] = [];
const listeners = new Set<() => void>();

function setStack(next: readonly string[]) {
  stack = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers an open modal; returns its stacking index and whether it is the top one. */
export function useModalLayer(open: boolean): { index: number; isTop: boolean } {
  const id = useId();
  const current = useSyncExternalStore(subscribe, () => stack);
  useLayoutEffect(() => {
    if (!open) return;
    setStack([...stack, id]);
    return () => setStack(stack.filter((entry) => entry !== id));
  }, [open, id]);
  const registered = current.indexOf(id);
  const index = registered >= 0 ? registered : current.length;
  return { index, isTop: registered === current.length - 1 || registered < 0 };
}
