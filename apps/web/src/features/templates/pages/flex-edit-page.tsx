import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useTemplate, useTemplateList } from '../api/templates-api';
import { draftOf } from '../components/flex-draft';
import { FlexForm } from '../components/flex-form';
import { templatePaths } from '../paths';
import '../components/templates.css';

/** Only a path of this console: a redirect elsewhere would send the operator off-site. */
const safeRedirect = (to: string | null) =>
  to && to.startsWith('/') && !to.startsWith('//') ? to : templatePaths.list;

/**
 * The flex message editor (issue 14, decision 0165): the container's JSON with LINE's checks
 * shown as the operator types and a preview beside it; saved as a flex template (one message).
 * Since issue 28 (decision 0375) a card builder is the first mode and the JSON the advanced one.
 * The route needs the flex-message right; writes need template-write too (on the server).
 */
export function FlexEditPage(props: {
  title: string;
  id: string | null;
  group: string | null;
  redirectTo: string | null;
}) {
  const id = props.id === null ? null : Number(props.id);
  const list = useTemplateList();
  const template = useTemplate(id);
  const header = <PageHeader title={props.title} />;
  const failure = list.error ?? template.error;
  if (failure)
    return (
      <section className="page flex-edit-page">
        {header}
        <p className="notice notice--error" role="alert">
          {errorText(failure)}
        </p>
      </section>
    );
  if (!list.data || (id !== null && !template.data))
    return (
      <section className="page flex-edit-page">
        {header}
        <Loading />
      </section>
    );
  const group = Number(props.group) || null;
  const known = list.data.groups.some((folder) => folder.id === group);
  return (
    <FlexForm
      key={template.data?.updated_at ?? 'new'}
      title={props.title}
      id={id}
      initial={draftOf(template.data, known ? group : null)}
      groups={list.data.groups}
      redirectTo={safeRedirect(props.redirectTo)}
    />
  );
}
