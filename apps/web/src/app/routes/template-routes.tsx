// Message templates (issue 14, ADR 0163) as their own lazily loaded chunk (route-pages.ts).
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams, useSearchParams } from 'react-router';
import { FlexEditPage, TemplateEditPage, TemplateListPage } from '@/features/templates';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

export function TemplateListRoute({ title }: PageProps) {
  const keys = useSignedInSession().permission_keys;
  return (
    <TemplateListPage
      title={title}
      canWrite={hasAllPermissions(keys, ['template-write'])}
      canFlex={hasAllPermissions(keys, ['flex-message'])}
    />
  );
}

export function TemplateNewRoute({ title }: PageProps) {
  const [params] = useSearchParams();
  const session = useSignedInSession();
  return (
    <TemplateEditPage
      key={params.get('group') ?? ''}
      title={title}
      group={params.get('group')}
      accountName={session.account.name}
    />
  );
}

export function TemplateEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  const session = useSignedInSession();
  // Keyed: moving from one template to another starts that form afresh.
  return <TemplateEditPage key={id} title={title} id={id} accountName={session.account.name} />;
}

/** The flex editor (decision 0165); the route itself needs the flex-message right. */
export function TemplateEditV3NewRoute({ title }: PageProps) {
  const [params] = useSearchParams();
  return (
    <FlexEditPage
      key="new"
      title={title}
      id={null}
      group={params.get('group')}
      redirectTo={params.get('redirectTo')}
    />
  );
}

export function TemplateEditV3Route({ title }: PageProps) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <FlexEditPage
      key={id}
      title={title}
      id={id}
      group={null}
      redirectTo={params.get('redirectTo')}
    />
  );
}
