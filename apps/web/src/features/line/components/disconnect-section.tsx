import { LINE_CHANNEL_MESSAGES } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { DangerZone } from '@/ui/dialog';
import { useDiscardUnsavedChanges } from '@/ui/leave-guard';
import { useToast } from '@/ui/toast';
import { useDisconnectLineChannel } from '../api/disconnect-channel';
import { LINE_TEXT } from './line-text';

/**
 * Disconnecting, apart from the settings' 保存 (ADR 0064). The text and the confirmation say
 * what happens: sending stops, waiting notification messages are not sent, nothing else goes.
 */
export function DisconnectSection({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  const disconnection = useDisconnectLineChannel();
  const toast = useToast();
  const discardChanges = useDiscardUnsavedChanges();

  const confirm = () =>
    disconnection.mutate(undefined, {
      onSuccess: () => {
        // The settings being edited belonged to the channel that is gone.
        discardChanges();
        setConfirming(false);
        toast.success(LINE_CHANNEL_MESSAGES.disconnected);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorText(error));
      },
    });

  return (
    <DangerZone
      heading={LINE_TEXT.disconnectHeading}
      text={LINE_TEXT.disconnectText}
      buttonLabel={LINE_TEXT.disconnect}
      confirming={confirming}
      onConfirmingChange={setConfirming}
      dialog={{
        title: LINE_TEXT.disconnectTitle(name),
        message: LINE_TEXT.disconnectMessage(name),
        confirmLabel: LINE_TEXT.disconnectConfirm,
      }}
      busy={disconnection.isPending}
      onConfirm={confirm}
    />
  );
}
