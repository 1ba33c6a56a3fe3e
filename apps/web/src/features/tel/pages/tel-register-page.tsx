import { TEL_MESSAGES } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useTelTemplates } from '../api/get-templates';
import { useRegisterTelMessage } from '../api/register-message';
import { TelReadOnlyPage } from '../components/read-only-notice';
import { RegisterForm } from '../components/register-form';
import { TelPage } from '../components/tel-page';
import { fieldErrorsOf } from '../field-errors';
import { storeTelFlash } from '../flash';
import { telPaths } from '../paths';
import { sampleRegisterValues } from '../register-defaults';

/** TEL-48/49: the server's message for an HTTP error, else a generic one. */
export function registerErrorText(error: unknown): string {
  return isApiError(error) && error.status >= 400 ? error.message : TEL_MESSAGES.genericError;
}

/** TelRegisterPage (TEL-43..49). Without `canSend` (DEC-09) the form gives way to a note. */
export function TelRegisterPage({ title, canSend }: { title: string; canSend: boolean }) {
  if (!canSend) return <TelReadOnlyPage title={title} />;
  return <RegisterScreen title={title} />;
}

function RegisterScreen({ title }: { title: string }) {
  const templates = useTelTemplates();
  const registration = useRegisterTelMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState(() => sampleRegisterValues());

  return (
    <TelPage title={title} trail={[]}>
      {templates.isError ? (
        <p className="notice notice--error" role="alert">
          テンプレートを読み込めませんでした
        </p>
      ) : null}
      <RegisterForm
        initial={initial}
        templates={templates.data}
        templatesLoading={templates.isPending}
        busy={registration.isPending}
        serverErrors={fieldErrorsOf(registration.error)}
        onSubmit={(input, saved) =>
          registration.mutate(input, {
            // TEL-47: the list shows 登録しました and highlights the new order.
            onSuccess: ({ id }) => {
              saved();
              storeTelFlash(TEL_MESSAGES.registered, id);
              navigate(telPaths.list);
            },
            onError: (error) => toast.error(registerErrorText(error)),
          })
        }
      />
      <p>
        <Link to={telPaths.list}>一覧に戻る</Link>
      </p>
    </TelPage>
  );
}
