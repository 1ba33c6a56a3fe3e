// Segments (issue 13, ADR 0145) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { SegmentListPage, SegmentSettingPage } from '@/features/segments';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

const useCanWrite = () => hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);

export function SegmentListRoute({ title }: PageProps) {
  return <SegmentListPage title={title} canWrite={useCanWrite()} />;
}

export function SegmentSettingRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const canWrite = useCanWrite();
  // Keyed: moving from one segment (or `new`) to another starts that form afresh.
  return <SegmentSettingPage key={id} title={title} id={id} canWrite={canWrite} />;
}
