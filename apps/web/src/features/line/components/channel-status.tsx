import { LINE_CHANNEL_MESSAGES, type LineChannel } from '@tsunagu/contracts';
import { QuotaPauseNotice } from './quota-pause-notice';
import { useId } from 'react';
import { useToast } from '@/ui/toast';
import { useCheckLineChannel } from '../api/check-channel';
import { BotIcon } from './bot-icon';
import { LoginAttention } from './login-attention';
import { actionErrorText } from './channel-field-errors';
import { LINE_TEXT } from './line-text';

/**
 * The connected official account as LINE last described it, its state and 再確認. A channel in
 * need of attention (LINE refused its token: sending is paused) says so first, with what to do;
 * so does a LINE Login channel whose user ids are not the friends' (decision 0182), and a month
 * whose messages are used up (pushes wait, decision 0186).
 */
export function ChannelStatus({ channel }: { channel: LineChannel }) {
  const check = useCheckLineChannel();
  const toast = useToast();
  const headingId = useId();
  const name = channel.bot?.display_name || (channel.channel_id ?? '');
  const attention = channel.state === 'attention';

  const recheck = () =>
    check.mutate(undefined, {
      onSuccess: () => toast.success(LINE_TEXT.checked),
      onError: (error) => toast.error(actionErrorText(error)),
    });

  return (
    <section className="line-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="line-card__title">
        {LINE_TEXT.accountHeading}
      </h2>
      {attention ? (
        <div className="notice notice--error line-paused" role="alert">
          <p className="line-paused__title">{LINE_TEXT.pausedTitle}</p>
          <p>{channel.state_reason || LINE_CHANNEL_MESSAGES.tokenRefused}</p>
          <p>{LINE_TEXT.pausedWhatToDo}</p>
        </div>
      ) : null}
      <LoginAttention reason={channel.login_attention} />
      {channel.quota_pause ? <QuotaPauseNotice pause={channel.quota_pause} /> : null}
      <div className="line-bot">
        <BotIcon url={channel.bot?.picture_url ?? ''} name={name} />
        <div className="line-bot__names">
          <p className="line-bot__name">{name}</p>
          {channel.bot?.basic_id ? (
            <p className="line-bot__basic-id">
              {LINE_TEXT.basicId} {channel.bot.basic_id}
            </p>
          ) : null}
        </div>
      </div>
      <dl className="line-facts">
        <div>
          <dt>{LINE_TEXT.stateLabel}</dt>
          <dd>
            <span className={`line-state line-state--${attention ? 'attention' : 'ok'}`}>
              {attention ? LINE_TEXT.stateAttention : LINE_TEXT.stateOk}
            </span>
          </dd>
        </div>
        <div>
          <dt>{LINE_TEXT.channelId}</dt>
          <dd>{channel.channel_id}</dd>
        </div>
        <div>
          <dt>{LINE_TEXT.tokenKind}</dt>
          <dd>
            {channel.token_kind === 'long-lived'
              ? LINE_TEXT.tokenLongLived
              : LINE_TEXT.tokenStateless}
          </dd>
        </div>
        <div>
          <dt>{LINE_TEXT.pnpState}</dt>
          <dd>{channel.pnp_enabled ? LINE_TEXT.on : LINE_TEXT.off}</dd>
        </div>
        <div>
          <dt>{LINE_TEXT.loginChannelIdShort}</dt>
          <dd>{channel.login_channel_id || LINE_TEXT.notSet}</dd>
        </div>
        <div>
          <dt>{LINE_TEXT.liffIdShort}</dt>
          <dd>{channel.liff_id || LINE_TEXT.notSet}</dd>
        </div>
        <div>
          <dt>{LINE_TEXT.trackerLiffIdShort}</dt>
          <dd>{channel.tracker_liff_id || LINE_TEXT.notSet}</dd>
        </div>
      </dl>
      <div className="line-card__actions">
        <button type="button" className="btn" onClick={recheck} disabled={check.isPending}>
          {LINE_TEXT.check}
        </button>
      </div>
    </section>
  );
}
