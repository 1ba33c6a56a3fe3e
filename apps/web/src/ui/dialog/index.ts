export { Dialog, DIALOG_WIDTH_PX } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
export { OkAlertDialog } from './ok-alert-dialog';
export { MODAL_BASE_Z_INDEX, modalZIndex, useModalLayer } from './modal-stack';
export { shouldCloseOnSwipe, SWIPE_CLOSE_RATIO, SWIPE_FAST_MS, SWIPE_MIN_PX } from './swipe';
export { DangerZone } from './danger-zone';
export { NameDialog } from './name-dialog';
