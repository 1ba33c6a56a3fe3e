import { FORM_TEXT, isIdText, type FormDetail } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateForm, useForm, useForms, useUpdateForm } from '../api/forms-api';
import { FormEditor, type FormValues } from '../components/form-editor';
import { formPaths } from '../paths';
import '../components/forms.css';

const EMPTY: FormValues = {
  name: '',
  code: '',
  group_id: null,
  description: '',
  thanks_message: '',
  accepting: true,
  questions: [{ var_id: 0, label: '', help: '', required: false }],
};

const valuesOf = (form: FormDetail): FormValues => ({
  name: form.name,
  code: form.code,
  group_id: form.group_id,
  description: form.description,
  thanks_message: form.thanks_message,
  accepting: form.accepting,
  questions: form.questions.map(({ var_id, label, help, required }) => ({
    var_id,
    label,
    help,
    required,
  })),
});

/** FormNew and FormEdit (decision 0150): one form with its questions. */
export function FormEditPage({ title, id }: { title: string; id: string | null }) {
  const formId = id !== null && isIdText(id) ? Number(id) : null;
  const list = useForms();
  const form = useForm(formId);
  const create = useCreateForm();
  const update = useUpdateForm();
  const toast = useToast();
  const navigate = useNavigate();
  const [start] = useState(EMPTY);

  let body;
  if (list.isPending || (formId !== null && form.isPending)) body = <Loading />;
  else if (list.isError || form.isError)
    body = (
      <>
        <p className="notice notice--error" role="alert">
          {form.isError ? errorText(form.error) : FORM_TEXT.notFound}
        </p>
        <Link to={formPaths.list}>回答フォームに戻る</Link>
      </>
    );
  else {
    const folders = list.data.groups.filter(
      (group): group is typeof group & { id: number } => group.id !== 'fav',
    );
    const done = (message: string, saved: () => void) => ({
      onSuccess: () => {
        saved();
        toast.success(message);
        navigate(formPaths.list);
      },
    });
    body = form.data ? (
      <FormEditor
        key={form.data.id}
        initial={valuesOf(form.data)}
        groups={folders}
        busy={update.isPending}
        serverError={update.error}
        onSubmit={(input, saved) =>
          update.mutate({ id: form.data.id, input }, done('フォームを保存しました', saved))
        }
      />
    ) : (
      <FormEditor
        initial={start}
        groups={folders}
        busy={create.isPending}
        serverError={create.error}
        onSubmit={(input, saved) => create.mutate(input, done('フォームを作成しました', saved))}
      />
    );
  }
  return (
    <section className="page form-edit-page">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: '回答フォーム', to: formPaths.list },
          { label: formId !== null ? '編集' : '新規作成' },
        ]}
      />
      {body}
    </section>
  );
}
