import { TEL_MESSAGES, type FieldErrors } from '@tsunagu/contracts';
import { Link, useNavigate } from 'react-router';
import { useToast, type ToastApi } from '@/ui/toast';
import { useRegisterTelTemplate } from '../api/register-template';
import { TelPage } from '../components/tel-page';
import { TemplateForm } from '../components/template-form';
import { fieldErrorsOf } from '../field-errors';
import { telPaths } from '../paths';

/** TEL-71: one toast per field, its messages joined by a newline; TEL-72: else a generic one. */
export function toastFieldErrors(toast: ToastApi, errors: FieldErrors): void {
  const lists = Object.values(errors).filter((messages) => messages.length > 0);
  if (lists.length === 0) {
    toast.error(TEL_MESSAGES.genericError);
    return;
  }
  for (const messages of lists) toast.error(messages.join('\n'));
}

/** TelTemplateRegisterPage (TEL-66..72). */
export function TelTemplateRegisterPage({ title }: { title: string }) {
  const registration = useRegisterTelTemplate();
  const toast = useToast();
  const navigate = useNavigate();

  return (
    <TelPage title={title} trail={[{ label: 'テンプレート', to: telPaths.templates }]}>
      <TemplateForm
        busy={registration.isPending}
        serverErrors={fieldErrorsOf(registration.error)}
        onInvalid={(errors) => toastFieldErrors(toast, errors)}
        onSubmit={(input, saved) =>
          registration.mutate(input, {
            onSuccess: () => {
              saved();
              toast.success(TEL_MESSAGES.registered);
              navigate(telPaths.templates);
            },
            onError: (error) => toastFieldErrors(toast, fieldErrorsOf(error)),
          })
        }
      />
      <p>
        <Link to={telPaths.templates}>テンプレート一覧に戻る</Link>
      </p>
    </TelPage>
  );
}
