// お知らせ (issue 24, decision 0223) as their own lazily loaded chunk (route-pages.ts). The
// composer borrows the template editor's pieces: app/ hands them over (features stay apart).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import {
  MessageKitProvider,
  NotificationEditPage,
  NotificationListPage,
  type MessageKit,
} from '@/features/notifications';
import {
  DRAFT_TYPE_LABELS,
  emptyDraft,
  fromLineMessage,
  LinePreview,
  MessageEditor,
  TestSendDialog,
  toLineMessage,
  useAliasNames,
  type DraftType,
  type MessageDraft,
} from '@/features/templates';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

const templateMessageKit: MessageKit = {
  MessageEditor: (props) => <MessageEditor {...props} draft={props.draft as MessageDraft} />,
  LinePreview: (props) => (
    <LinePreview {...props} drafts={props.drafts as readonly MessageDraft[]} />
  ),
  TestSendDialog,
  useAliasNames,
  draftTypes: DRAFT_TYPE_LABELS,
  emptyDraft: (type) => emptyDraft(type as DraftType),
  fromLineMessage,
  toLineMessage: (draft) => toLineMessage(draft as MessageDraft),
};

export function NotificationListRoute({ title }: PageProps) {
  const keys = useSignedInSession().permission_keys;
  return (
    <NotificationListPage
      title={title}
      canWrite={hasAllPermissions(keys, ['notification-write'])}
    />
  );
}

export function NotificationNewRoute({ title }: PageProps) {
  const accountName = useSignedInSession().account.name;
  return (
    <MessageKitProvider kit={templateMessageKit}>
      <NotificationEditPage key="new" title={title} accountName={accountName} />
    </MessageKitProvider>
  );
}

export function NotificationEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const accountName = useSignedInSession().account.name;
  // Keyed: moving from one お知らせ to another starts that form afresh.
  return (
    <MessageKitProvider kit={templateMessageKit}>
      <NotificationEditPage key={id} title={title} id={id} accountName={accountName} />
    </MessageKitProvider>
  );
}
