import { OperatorListPage } from '@/features/operators';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// Operators are managed by the owner role, as roles are (decision 0288); others read.
export function OperatorListRoute({ title }: PageProps) {
  const { operator } = useSignedInSession();
  return <OperatorListPage title={title} canManage={operator.role.is_owner} selfId={operator.id} />;
}
