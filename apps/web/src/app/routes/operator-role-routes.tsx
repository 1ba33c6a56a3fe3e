import { useParams } from 'react-router';
import { RoleEditPage, RoleListPage, RoleNewPage } from '@/features/operator-roles';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// Only the owner role manages roles; the feature gets that as a flag, not the whole session.
function useIsOwner(): boolean {
  return useSignedInSession().operator.role.is_owner;
}

export function OperatorRoleListRoute({ title }: PageProps) {
  return <RoleListPage title={title} canManage={useIsOwner()} />;
}

export function OperatorRoleNewRoute({ title }: PageProps) {
  return <RoleNewPage title={title} canManage={useIsOwner()} />;
}

export function OperatorRoleEditRoute({ title }: PageProps) {
  const { id } = useParams();
  // RouteGate has already rejected non-numeric ids.
  return <RoleEditPage key={id} id={Number(id)} title={title} canManage={useIsOwner()} />;
}
