// お知らせ (issue 24, decision 0223) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { NotificationEditPage, NotificationListPage } from '@/features/notifications';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

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
  return (
    <NotificationEditPage key="new" title={title} accountName={useSignedInSession().account.name} />
  );
}

export function NotificationEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const accountName = useSignedInSession().account.name;
  // Keyed: moving from one お知らせ to another starts that form afresh.
  return <NotificationEditPage key={id} title={title} id={id} accountName={accountName} />;
}
