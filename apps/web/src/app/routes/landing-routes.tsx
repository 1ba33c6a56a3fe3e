// Landing pages and sites (issue 29) as one lazily loaded chunk (route-pages.ts); Puck is a
import { hasAllPermissions } from '@tsunagu/contracts';
// further lazy chunk inside LandingEdit.
import { useParams } from 'react-router';
import {
  LandingEditPage,
  LandingListPage,
  PureEditPage,
  SiteListPage,
} from '@/features/landing-pages';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

export function LandingListRoute({ title }: PageProps) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['landing-write']);
  return <LandingListPage title={title} canWrite={canWrite} />;
}
export function LandingEditRoute({ title }: PageProps) {
  const { id } = useParams();
  return <LandingEditPage title={title} id={id ? Number(id) : null} />;
}
export function SiteListRoute({ title }: PageProps) {
  return <SiteListPage title={title} />;
}
export function PureEditRoute({ title }: PageProps) {
  const { id } = useParams();
  return <PureEditPage title={title} id={Number(id)} />;
}
