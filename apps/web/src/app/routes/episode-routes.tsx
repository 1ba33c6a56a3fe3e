// Episodes and follows (issue 14, decision 0167) as their own lazily loaded chunk.
import { hasAllPermissions } from '@tsunagu/contracts';
import { EpisodeListPage } from '@/features/episodes';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Decision 0167: episodes are salon work, written with reserve-write. */
export function EpisodeListRoute({ title }: PageProps) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['reserve-write']);
  return <EpisodeListPage title={title} canWrite={canWrite} />;
}
