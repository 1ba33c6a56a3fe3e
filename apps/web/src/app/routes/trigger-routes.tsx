// Triggers and the open API (issue 14, decision 0170) as their own lazily loaded chunk.
import { hasAllPermissions } from '@tsunagu/contracts';
import { TriggerListPage } from '@/features/triggers';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Writes need funnel-write (triggers start journeys); the API keys are the owner's. */
export function TriggerListRoute({ title }: PageProps) {
  const session = useSignedInSession();
  return (
    <TriggerListPage
      title={title}
      canWrite={hasAllPermissions(session.permission_keys, ['funnel-write'])}
      isOwner={session.operator.role.is_owner}
    />
  );
}
