// Answer forms (issue 13, decisions 0150–0153) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { FormEditPage, FormListPage } from '@/features/forms';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

/** Decision 0150: forms are written with tag-write; others read the list. */
export function FormListRoute({ title }: PageProps) {
  const canWrite = hasAllPermissions(useSignedInSession().permission_keys, ['tag-write']);
  return <FormListPage title={title} canWrite={canWrite} />;
}

export function FormNewRoute({ title }: PageProps) {
  return <FormEditPage key="new" title={title} id={null} />;
}

export function FormEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <FormEditPage key={id} title={title} id={id} />;
}
