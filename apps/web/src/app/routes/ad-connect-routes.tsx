// Ad-connect (issue 30, ROUTE-24) as its own lazily loaded chunk (route-pages.ts). Every operator
// reads it; the account's owner writes (decision 0440), as with the LINE channel.
import { AdConnectPage } from '@/features/ad-connect';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

export function AdConnectListRoute({ title }: PageProps) {
  const session = useSignedInSession();
  return <AdConnectPage title={title} isOwner={session.operator.role.is_owner} />;
}
