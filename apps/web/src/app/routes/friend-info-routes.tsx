// Friend information fields (issue 13) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { UserVarListPage } from '@/features/friend-info';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Decision 0141: friend information is edited with tag-write; without it the page reads. */
export function UserVarListRoute({ title }: PageProps) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  return <UserVarListPage title={title} canWrite={canWrite} />;
}
