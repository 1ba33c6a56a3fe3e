export { Dialog } from './dialog';
export { ConfirmDialog } from './confirm-dialog';
