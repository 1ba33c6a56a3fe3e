// Friend tags (issue 13) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams, useSearchParams } from 'react-router';
import { TagListPage, TagSettingPage } from '@/features/tags';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

export function TagListRoute({ title }: PageProps) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  return <TagListPage title={title} canWrite={canWrite} />;
}

export function TagSettingRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // Keyed: moving from one tag (or `new`) to another starts that form afresh.
  return <TagSettingPage key={id} title={title} id={id} group={params.get('group')} />;
}
