// Journeys (issue 14, decision 0169) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { JourneyEditPage, JourneyListPage } from '@/features/journeys';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Decision 0169: journeys are written with funnel-write; everyone else reads them. */
const useCanWrite = () => hasAllPermissions(useSignedInSession().permission_keys, ['funnel-write']);

export function JourneyListRoute({ title }: PageProps) {
  return <JourneyListPage title={title} canWrite={useCanWrite()} />;
}

export function JourneyNewRoute({ title }: PageProps) {
  return <JourneyEditPage key="new" title={title} id={null} canWrite={useCanWrite()} />;
}

export function JourneyEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <JourneyEditPage key={id} title={title} id={id} canWrite={useCanWrite()} />;
}
