import { TEL_TEMPLATE_MESSAGES, canDeleteTelTemplate, type TelTemplate } from '@tsunagu/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { DangerZone } from '@/ui/dialog';
import { useDiscardUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useDeleteTelTemplate } from '../api/delete-template';
import { telPaths } from '../paths';

export const DELETE_TEMPLATE_TEXT = {
  heading: 'テンプレートの削除',
  button: 'このテンプレートを削除',
  confirm: '削除する',
  permanent: '削除したテンプレートは元に戻せません。',
  dialogTitle: (name: string) => `テンプレート「${name}」の削除`,
  dialogMessage: (name: string) =>
    `テンプレート「${name}」を削除します。削除したテンプレートは元に戻せません。`,
} as const;

/**
 * Deleting a template, apart from everything else on the page (ADR 0064). While unsent draft or
 * ordered messages use it the server refuses (409): the page says so, with the counts, before
 * anyone presses the button, and the button stays disabled. The confirmation names the template.
 */
export function DeleteTemplateSection({
  template,
  onRefused,
}: {
  template: TelTemplate;
  /** The server refused after all (someone used the template meanwhile): re-read it. */
  onRefused: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteTelTemplate();
  const toast = useToast();
  const navigate = useNavigate();
  const discardChanges = useDiscardUnsavedChanges();
  const inUse = !canDeleteTelTemplate(template.usage);

  const confirm = () =>
    afterWrite(
      deletion.mutateAsync(template.id),
      () => {
        discardChanges();
        toast.success(TEL_TEMPLATE_MESSAGES.deleted);
        navigate(telPaths.templates);
      },
      (error) => {
        setConfirming(false);
        toast.error(errorText(error));
        onRefused();
      },
    );

  return (
    <DangerZone
      heading={DELETE_TEMPLATE_TEXT.heading}
      text={
        inUse
          ? `${TEL_TEMPLATE_MESSAGES.inUse(template.usage)}。${TEL_TEMPLATE_MESSAGES.inUseHint}`
          : DELETE_TEMPLATE_TEXT.permanent
      }
      buttonLabel={DELETE_TEMPLATE_TEXT.button}
      disabled={inUse}
      confirming={confirming}
      onConfirmingChange={setConfirming}
      dialog={{
        title: DELETE_TEMPLATE_TEXT.dialogTitle(template.name),
        message: DELETE_TEMPLATE_TEXT.dialogMessage(template.name),
        confirmLabel: DELETE_TEMPLATE_TEXT.confirm,
      }}
      busy={deletion.isPending}
      onConfirm={confirm}
    />
  );
}
