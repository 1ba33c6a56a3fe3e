import { TEMPLATE_TEXT, type TemplateLineCheck } from '@tsunagu/contracts';
import type { ToastApi } from '@/ui/toast';

/**
 * After a save: that it was saved, and — when LINE could not be asked to check the messages
 * (decision 0192) — that it was saved without LINE's check, so the operator knows LINE may still
 * refuse them when they are sent.
 */
export function toastSaved(toast: ToastApi, saved: string, lineCheck: TemplateLineCheck) {
  toast.success(saved);
  if (lineCheck === 'unreachable') toast.error(TEMPLATE_TEXT.lineUnreachable);
}
