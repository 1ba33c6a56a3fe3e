import { createContext, useContext } from 'react';

/** The forms of the page report here whether they hold unsaved changes (REF-17's dirty flag). */
export type LeaveGuardRegistry = {
  /** Marks one form (by its id) as holding unsaved changes, or not. */
  setDirty: (sourceId: string, dirty: boolean) => void;
  isDirty: (sourceId?: string) => boolean;
  /** Forgets every form's changes, e.g. after deleting the record they were made to. */
  discardAll: () => void;
  /**
   * For leaving that is not a route change (signing out): asks first when a form holds unsaved
   * changes and resolves to whether the operator chose to leave. Leaving forgets the changes.
   */
  confirmLeave: () => Promise<boolean>;
};

export const LeaveGuardContext = createContext<LeaveGuardRegistry | null>(null);

export function useLeaveGuardRegistry(): LeaveGuardRegistry {
  const registry = useContext(LeaveGuardContext);
  if (!registry) throw new Error('A form with a leave guard needs <LeaveGuardProvider> above it');
  return registry;
}
