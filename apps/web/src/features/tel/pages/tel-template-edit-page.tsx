import {
  TEL_TEMPLATE_MESSAGES,
  canChangeTelTemplateBody,
  type TelTemplate,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useTelTemplate } from '../api/get-template';
import { useUpdateTelTemplate } from '../api/update-template';
import { TelPage } from '../components/tel-page';
import { TemplateForm } from '../components/template-form';
import { fieldErrorsOf } from '../field-errors';
import { telPaths } from '../paths';
import { toastFieldErrors } from './tel-template-register-page';

export const NO_TEL_WRITE_TEXT =
  'テンプレートを編集するには「通知メッセージ送信」の権限が必要です。権限はオーナーに依頼してください。';

type TelTemplateEditPageProps = {
  id: number;
  title: string;
  /** The operator holds tel-write (DEC-09); without it the page says so instead of a form. */
  canWrite: boolean;
};

/** TelTemplateEditPage: name and body of a template (decision 0085). */
export function TelTemplateEditPage({ id, title, canWrite }: TelTemplateEditPageProps) {
  const template = useTelTemplate(id);
  const trail = [
    { label: 'テンプレート', to: telPaths.templates },
    ...(template.data ? [{ label: template.data.name, to: telPaths.templateDetail(id) }] : []),
  ];
  return (
    <TelPage title={title} trail={trail}>
      {template.isPending ? (
        <Loading />
      ) : template.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(template.error)}
        </p>
      ) : !canWrite ? (
        <p className="notice notice--info" role="note">
          {NO_TEL_WRITE_TEXT}
        </p>
      ) : (
        // Keyed by id: another template starts from its own values.
        <EditTemplateForm key={template.data.id} template={template.data} />
      )}
      <p>
        <Link to={telPaths.templateDetail(id)}>テンプレート詳細に戻る</Link>
      </p>
    </TelPage>
  );
}

function EditTemplateForm({ template }: { template: TelTemplate }) {
  const update = useUpdateTelTemplate();
  const toast = useToast();
  const navigate = useNavigate();
  // One object for the form's lifetime: it compares its values with it (REF-17).
  const [initial] = useState(() => ({ name: template.name, body: template.body }));
  const locked = !canChangeTelTemplateBody(template.usage);

  return (
    <TemplateForm
      initial={initial}
      submitLabel="保存"
      bodyLockedReason={
        locked
          ? `${TEL_TEMPLATE_MESSAGES.bodyLocked(template.usage)}。${TEL_TEMPLATE_MESSAGES.inUseHint}`
          : undefined
      }
      busy={update.isPending}
      serverErrors={fieldErrorsOf(update.error)}
      onInvalid={(errors) => toastFieldErrors(toast, errors)}
      onSubmit={(input, saved) =>
        update.mutate(
          { id: template.id, input },
          {
            onSuccess: () => {
              saved();
              toast.success(TEL_TEMPLATE_MESSAGES.updated);
              navigate(telPaths.templateDetail(template.id));
            },
            // 409 (ordered meanwhile) and 404 carry a message; 422 its field errors (TEL-71).
            onError: (error) =>
              isApiError(error) && error.kind !== 'validation'
                ? toast.error(error.message)
                : toastFieldErrors(toast, fieldErrorsOf(error)),
          },
        )
      }
    />
  );
}
