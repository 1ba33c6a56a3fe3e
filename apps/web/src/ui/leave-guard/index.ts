export { LEAVE_TEXT, LeaveGuardProvider } from './leave-guard-provider';
export { sameValues } from './same-values';
export {
  useDiscardUnsavedChanges,
  useLeaveGuard,
  useLeaveGuardConfirm,
  useUnsavedChanges,
} from './use-leave-guard';
