import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { modalZIndex, useModalLayer } from './modal-stack';
import { useFocusTrap } from './use-focus-trap';
import { useSwipeToClose } from './use-swipe-to-close';
import './dialog.css';

/** UI-46 (spec §9 dialog width). */
export const DIALOG_WIDTH_PX = 480;

type DialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for messages and confirmations that interrupt the operator's work. */
  role?: 'dialog' | 'alertdialog';
  /** UI-49/UI-50: a downward swipe on the panel closes it (touch screens). */
  swipeToClose?: boolean;
  width?: number;
};

/**
 * A modal, rendered into <body> so its z-index (UI-48) is the page's, not a parent's: labelled by
 * its title, focus trapped inside and returned to the opener on close, Escape closes the top one.
 */
export function Dialog(props: DialogProps) {
  const { open, title, onClose, children, role = 'dialog', swipeToClose = false } = props;
  const { width = DIALOG_WIDTH_PX } = props;
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { index, isTop } = useModalLayer(open);
  useFocusTrap(panelRef, open, isTop, onClose);
  const swipe = useSwipeToClose(panelRef, swipeToClose, onClose);

  if (!open) return null;
  const zIndex = modalZIndex(index);
  return createPortal(
    <div className="dialog-backdrop" style={{ zIndex }} data-stack-index={index}>
      <div
        ref={panelRef}
        className={`dialog${swipeToClose ? ' dialog--swipe' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{
          zIndex: zIndex + 1,
          width,
          transform: swipe.offset ? `translateY(${swipe.offset}px)` : undefined,
        }}
        {...swipe.handlers}
      >
        {swipeToClose ? <div className="dialog__grip" aria-hidden="true" /> : null}
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
