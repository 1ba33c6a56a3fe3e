import { TEMPLATE_TEXT, isIdText, type Template } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { toastSaved } from '../components/saved-toast';
import {
  useCreateTemplate,
  useTemplate,
  useTemplateList,
  useUpdateTemplate,
} from '../api/templates-api';
import { fromLineMessage, emptyDraft } from '../components/message-draft';
import { TemplateForm, type TemplateDraft } from '../components/template-form';
import { TestSendDialog } from '../components/test-send-dialog';
import { templatePaths } from '../paths';
import '../components/templates.css';

type Folder = { id: number; name: string };

type TemplateEditPageProps = {
  title: string;
  /** TemplateEdit's id; undefined on TemplateNew. */
  id?: string;
  /** TemplateNew's `?group=`: preselected when it is one of the account's folders. */
  group?: string | null;
  accountName: string;
};

/** TemplateNew (ROUTE-02) and TemplateEdit (ROUTE-03): the simple template editor. */
export function TemplateEditPage({ title, id, group, accountName }: TemplateEditPageProps) {
  const isNew = id === undefined;
  const templateId = !isNew && isIdText(id) ? Number(id) : null;
  const list = useTemplateList();
  const template = useTemplate(templateId);
  const back = <Link to={templatePaths.list}>テンプレート一覧に戻る</Link>;

  let body;
  if (!isNew && templateId === null) {
    body = <NotFound back={back} message={TEMPLATE_TEXT.notFound} />;
  } else if (list.isPending || (templateId !== null && template.isPending)) {
    body = <Loading />;
  } else if (list.isError || template.isError) {
    body = <NotFound back={back} message={errorText(list.error ?? template.error)} />;
  } else if (template.data?.kind === 'flex') {
    body = (
      <>
        <p className="notice">{TEMPLATE_TEXT.flexOnlyInFlex}</p>
        <Link to={templatePaths.editFlex(template.data.id)}>フレックスエディタで開く</Link>
      </>
    );
  } else if (template.data) {
    body = (
      <EditTemplate
        key={template.data.id}
        template={template.data}
        groups={list.data.groups}
        accountName={accountName}
      />
    );
  } else {
    const groupId = group && isIdText(group) ? Number(group) : null;
    const known = list.data.groups.some((each) => each.id === groupId);
    body = (
      <NewTemplate
        groups={list.data.groups}
        groupId={known ? groupId : null}
        accountName={accountName}
      />
    );
  }
  return (
    <section className="page template-edit-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'テンプレート', to: templatePaths.list },
          { label: isNew ? '新規作成' : '編集' },
        ]}
      />
      {body}
    </section>
  );
}

function NotFound({ message, back }: { message: string; back: React.ReactNode }) {
  return (
    <>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      {back}
    </>
  );
}

function NewTemplate(props: {
  groups: readonly Folder[];
  groupId: number | null;
  accountName: string;
}) {
  const create = useCreateTemplate();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState<TemplateDraft>(() => ({
    name: '',
    groupId: props.groupId,
    messages: [emptyDraft('text')],
  }));
  return (
    <TemplateForm
      initial={initial}
      kind="standard"
      groups={props.groups}
      accountName={props.accountName}
      busy={create.isPending}
      serverError={create.error}
      onSubmit={(input, saved) =>
        create.mutate(input, {
          onSuccess: (answer) => {
            saved();
            toastSaved(toast, 'テンプレートを作成しました', answer.line_check);
            navigate(templatePaths.list);
          },
        })
      }
    />
  );
}

function EditTemplate(props: {
  template: Template;
  groups: readonly Folder[];
  accountName: string;
}) {
  const { template } = props;
  const update = useUpdateTemplate();
  const toast = useToast();
  const navigate = useNavigate();
  const [testing, setTesting] = useState(false);
  const [initial] = useState<TemplateDraft>(() => ({
    name: template.name,
    groupId: template.group_id,
    messages: template.messages.map(fromLineMessage),
  }));
  return (
    <>
      <TemplateForm
        initial={initial}
        kind={template.kind}
        groups={props.groups}
        accountName={props.accountName}
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(input, saved) =>
          update.mutate(
            { id: template.id, input },
            {
              onSuccess: (answer) => {
                saved();
                toastSaved(toast, 'テンプレートを保存しました', answer.line_check);
                navigate(templatePaths.list);
              },
            },
          )
        }
        extraActions={
          <button type="button" className="btn" onClick={() => setTesting(true)}>
            テスト送信（保存済みの内容）
          </button>
        }
      />
      <TestSendDialog template={testing ? template : null} onClose={() => setTesting(false)} />
    </>
  );
}
