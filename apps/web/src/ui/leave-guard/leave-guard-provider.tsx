import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '../dialog';
import { LeaveGuardContext, type LeaveGuardRegistry } from './leave-guard-context';

export const LEAVE_TEXT = {
  title: '保存していない変更があります',
  message: 'このまま移動すると、入力した内容は失われます。',
  leave: '破棄して移動',
  stay: '編集を続ける',
} as const;

/**
 * One guard for the whole console (React Router allows one blocker per router): an in-app move
 * to another page while any form is dirty asks first, in the kit's confirm dialog. Closing or
 * reloading the tab is asked by the browser (useLeaveGuard's beforeunload). ADR 0062.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(new Set<string>());
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const [asking, setAsking] = useState<((leave: boolean) => void) | null>(null);

  const registry = useMemo<LeaveGuardRegistry>(
    () => ({
      setDirty: (sourceId, isDirty) => {
        if (isDirty) dirty.current.add(sourceId);
        else dirty.current.delete(sourceId);
      },
      discardAll: () => dirty.current.clear(),
      isDirty: (sourceId) =>
        sourceId === undefined ? dirty.current.size > 0 : dirty.current.has(sourceId),
      confirmLeave: () =>
        dirty.current.size === 0
          ? Promise.resolve(true)
          : new Promise<boolean>((resolve) => setAsking(() => resolve)),
    }),
    [],
  );

  const blocked = blocker.state === 'blocked';
  const answer = (leave: boolean) => {
    if (blocked) {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    if (asking) {
      // The caller leaves next (e.g. signs out): nothing on this page is to be kept.
      if (leave) dirty.current.clear();
      asking(leave);
      setAsking(null);
    }
  };

  return (
    <LeaveGuardContext.Provider value={registry}>
      {children}
      <ConfirmDialog
        open={blocked || asking !== null}
        title={LEAVE_TEXT.title}
        message={LEAVE_TEXT.message}
        confirmLabel={LEAVE_TEXT.leave}
        cancelLabel={LEAVE_TEXT.stay}
        tone="danger"
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </LeaveGuardContext.Provider>
  );
}
