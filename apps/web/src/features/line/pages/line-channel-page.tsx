import { LINE_CHANNEL_MESSAGES, type LineChannel } from '@tsunagu/contracts';
import { useId } from 'react';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useConnectLineChannel } from '../api/connect-channel';
import { useLineChannel } from '../api/get-channel';
import { ChannelForm } from '../components/channel-form';
import { ChannelStatus } from '../components/channel-status';
import { DisconnectSection } from '../components/disconnect-section';
import { LINE_TEXT } from '../components/line-text';
import { QuotaSection } from '../components/quota-section';
import { WebhookSection } from '../components/webhook-section';
import '../components/line.css';

/**
 * LINE連携 (issue 17): the account's LINE official account, owner only. Not connected: the
 * form that connects it. Connected: the bot, its state, the webhook, this month's quota, its
 * settings and, apart from them, disconnecting.
 */
export function LineChannelPage({ title }: { title: string }) {
  const channel = useLineChannel();
  return (
    <section className="page line-page">
      <PageHeader title={title} />
      {channel.isPending ? (
        <Loading />
      ) : channel.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(channel.error)}
        </p>
      ) : channel.data.connected ? (
        <ConnectedChannel channel={channel.data} />
      ) : (
        <ConnectChannel />
      )}
    </section>
  );
}

function ConnectChannel() {
  const connection = useConnectLineChannel();
  const toast = useToast();
  const headingId = useId();
  return (
    <section className="line-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="line-card__title">
        {LINE_TEXT.connectHeading}
      </h2>
      <p className="notice notice--info">{LINE_TEXT.notConnected}</p>
      <p className="line-card__lead">{LINE_TEXT.connectLead}</p>
      <ChannelForm
        busy={connection.isPending}
        serverError={connection.error}
        onSubmit={(input, saved) =>
          connection.mutate(input, {
            onSuccess: () => {
              saved();
              toast.success(LINE_CHANNEL_MESSAGES.connected);
            },
          })
        }
      />
    </section>
  );
}

function ConnectedChannel({ channel }: { channel: LineChannel }) {
  const update = useConnectLineChannel();
  const toast = useToast();
  const headingId = useId();
  const name = channel.bot?.display_name || (channel.channel_id ?? '');
  return (
    <>
      <ChannelStatus channel={channel} />
      <WebhookSection webhookUrl={channel.webhook_url} />
      <QuotaSection paused={channel.state === 'attention'} />
      <section className="line-card" aria-labelledby={headingId}>
        <h2 id={headingId} className="line-card__title">
          {LINE_TEXT.settingsHeading}
        </h2>
        {/* Keyed by the save time: a saved form starts again from what the server holds. */}
        <ChannelForm
          key={channel.updated_at}
          channel={channel}
          busy={update.isPending}
          serverError={update.error}
          onSubmit={(input, saved) =>
            update.mutate(input, {
              onSuccess: () => {
                saved();
                toast.success(LINE_TEXT.saved);
              },
            })
          }
        />
      </section>
      <DisconnectSection name={name} />
    </>
  );
}
