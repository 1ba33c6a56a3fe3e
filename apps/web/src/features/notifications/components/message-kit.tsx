import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** A message being edited, opaque here: the templates' editor knows its shape. */
export type KitDraft = unknown;

/**
 * What the お知らせ composer borrows from the template editor (issue 24): features do not import
 * each other, so app/ gives these (app/routes/notification-routes.tsx).
 */
export type MessageKit = {
  MessageEditor: ComponentType<{
    index: number;
    count: number;
    draft: KitDraft;
    problems: readonly string[];
    onChange: (draft: KitDraft) => void;
    onMove: (by: -1 | 1) => void;
    onRemove: () => void;
  }>;
  LinePreview: ComponentType<{
    accountName: string;
    drafts: readonly KitDraft[];
    aliasName: (alias: string) => string;
  }>;
  TestSendDialog: ComponentType<{
    template: { id: number; name: string } | null;
    onClose: () => void;
    sender: {
      send: (friendId: number) => Promise<{ push_id: number }>;
      resultsPath: string;
    };
  }>;
  useAliasNames: (enabled: boolean) => (alias: string) => string;
  /** The kinds of message that can be added, with their button labels. */
  draftTypes: Readonly<Record<string, string>>;
  emptyDraft: (type: string) => KitDraft;
  fromLineMessage: (message: Record<string, unknown>) => KitDraft;
  toLineMessage: (draft: KitDraft) => Record<string, unknown>;
};

const MessageKitContext = createContext<MessageKit | null>(null);

export function MessageKitProvider({ kit, children }: { kit: MessageKit; children: ReactNode }) {
  return <MessageKitContext.Provider value={kit}>{children}</MessageKitContext.Provider>;
}

export function useMessageKit(): MessageKit {
  const kit = useContext(MessageKitContext);
  if (!kit) throw new Error('お知らせ: MessageKitProvider is missing');
  return kit;
}
