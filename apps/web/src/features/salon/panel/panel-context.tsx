import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { useLeaveGuard } from '@/ui/leave-guard';
import { createPanelController, type PanelContent } from './panel-controller';

type LaunchedModal = { id: number; render: (close: () => void) => ReactNode };

export type PanelApi = {
  content: PanelContent | null;
  /** TML-08..10, asking first when the open form has unsaved changes. */
  open: (content: PanelContent) => void;
  close: () => void;
  /** The open form reports unsaved changes, so switching or closing asks first. */
  setDirty: (dirty: boolean) => void;
  /** TML-11: a second-level modal, stacked above whatever is open (UI-48 z-index). */
  launchModal: (render: (close: () => void) => ReactNode) => void;
};

const PanelContext = createContext<PanelApi | null>(null);

export function usePanel(): PanelApi {
  const api = useContext(PanelContext);
  if (!api) throw new Error('usePanel must be used inside <PanelProvider>');
  return api;
}

/**
 * Owns the side panel: which form is open (through the timing rules of panel-controller.ts),
 * whether it holds unsaved edits, and the modals launched above it.
 */
export function PanelProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<PanelContent | null>(null);
  const [controller] = useState(() => createPanelController(setContent));
  const [modals, setModals] = useState<LaunchedModal[]>([]);
  // The ref answers the panel's own question at once; the state tells the console's leave guard
  // (REF-17), so moving to another page, reloading or closing the tab asks too.
  const dirty = useRef(false);
  const [leaveGuarded, setLeaveGuarded] = useState(false);
  useLeaveGuard(leaveGuarded);
  const markDirty = useCallback((value: boolean) => {
    dirty.current = value;
    setLeaveGuarded(value);
  }, []);
  const nextId = useRef(1);

  useEffect(() => () => controller.dispose(), [controller]);

  const launchModal = useCallback((render: LaunchedModal['render']) => {
    const id = nextId.current++;
    setModals((list) => [...list, { id, render }]);
  }, []);

  const guarded = useCallback(
    (action: () => void) => {
      if (!dirty.current) {
        action();
        return;
      }
      launchModal((close) => (
        <ConfirmDialog
          open
          title="編集内容の破棄"
          message="保存していない変更があります。破棄して移動しますか？"
          confirmLabel="破棄する"
          cancelLabel="編集に戻る"
          onCancel={close}
          onConfirm={() => {
            close();
            markDirty(false);
            action();
          }}
        />
      ));
    },
    [launchModal, markDirty],
  );

  const api = useMemo<PanelApi>(
    () => ({
      content,
      open: (next) =>
        guarded(() => {
          markDirty(false);
          controller.open(next);
        }),
      close: () =>
        guarded(() => {
          markDirty(false);
          controller.close();
        }),
      setDirty: markDirty,
      launchModal,
    }),
    [content, controller, guarded, launchModal, markDirty],
  );

  return (
    <PanelContext.Provider value={api}>
      {children}
      {modals.map((modal) => (
        <ModalSlot key={modal.id}>
          {modal.render(() => setModals((list) => list.filter((entry) => entry.id !== modal.id)))}
        </ModalSlot>
      ))}
    </PanelContext.Provider>
  );
}

function ModalSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
