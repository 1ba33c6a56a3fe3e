import { useCallback, useEffect, useId } from 'react';
import { useLeaveGuardRegistry } from './leave-guard-context';
import { sameValues } from './same-values';

/**
 * REF-17's dirty flag for one form: while `dirty`, moving to another page in the console asks
 * first (LeaveGuardProvider) and closing or reloading the tab gets the browser's own question.
 * `release()` is for a save that succeeded: call it before navigating away from the form.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const registry = useLeaveGuardRegistry();
  const sourceId = useId();

  useEffect(() => {
    registry.setDirty(sourceId, dirty);
    return () => registry.setDirty(sourceId, false);
  }, [registry, sourceId, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!registry.isDirty(sourceId)) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry, sourceId, dirty]);

  const release = useCallback(() => registry.setDirty(sourceId, false), [registry, sourceId]);
  return { release };
}

/**
 * The usual form: dirty while its values differ from the ones it started from (or last saved).
 * Returns the flag too, for forms that show it.
 */
export function useUnsavedChanges<T>(values: T, saved: T): { dirty: boolean; release: () => void } {
  const dirty = !sameValues(values, saved);
  return { dirty, ...useLeaveGuard(dirty) };
}

/** For leaving without a route change (signing out): resolves to whether to go ahead. */
export function useLeaveGuardConfirm(): () => Promise<boolean> {
  return useLeaveGuardRegistry().confirmLeave;
}

/** After deleting what a form edits, its unsaved changes no longer matter: leave without asking. */
export function useDiscardUnsavedChanges(): () => void {
  return useLeaveGuardRegistry().discardAll;
}
