// Common information (issue 13, ADR 0146) as its own lazily loaded chunk (route-pages.ts).
import { useParams, useSearchParams } from 'react-router';
import { CommonVarListPage, CommonVarSettingPage } from '@/features/common-vars';
import type { PageProps } from '../route-handle';

export function CommonVarListRoute({ title }: PageProps) {
  return <CommonVarListPage title={title} />;
}

export function CommonVarNewRoute({ title }: PageProps) {
  const [search] = useSearchParams();
  const copy = search.get('copy');
  // Keyed: a copy of another item starts that form afresh.
  return <CommonVarSettingPage key={copy ?? 'new'} title={title} id={null} copy={copy} />;
}

export function CommonVarEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <CommonVarSettingPage key={id} title={title} id={id} copy={null} />;
}
