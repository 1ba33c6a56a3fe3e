import type { LineWebhookTest } from '@tsunagu/contracts';
import { useId, useRef } from 'react';
import { useToast } from '@/ui/toast';
import { useSetLineWebhook } from '../api/set-webhook';
import { actionErrorText } from './channel-field-errors';
import { LINE_TEXT } from './line-text';

/** LINE's answer to the webhook test, as LINE worded it. */
function WebhookAnswer({ answer }: { answer: LineWebhookTest }) {
  const detail = [String(answer.status_code), answer.reason, answer.detail]
    .filter((part) => part && part !== '0')
    .join(' / ');
  return (
    <div
      className={`notice ${answer.success ? 'notice--info' : 'notice--error'} line-webhook__answer`}
      role="status"
    >
      <p>
        {LINE_TEXT.webhookAnswer}: {answer.success ? LINE_TEXT.webhookOk : LINE_TEXT.webhookFailed}
      </p>
      {detail ? <p className="line-webhook__detail">{detail}</p> : null}
    </div>
  );
}

/** The one webhook URL to give LINE: copy it, or have the server set and test it at LINE. */
export function WebhookSection({ webhookUrl }: { webhookUrl: string }) {
  const webhook = useSetLineWebhook();
  const toast = useToast();
  const headingId = useId();
  const urlId = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhookUrl);
      toast.success(LINE_TEXT.copied);
    } catch {
      // Clipboard refused (an http page, a policy): leave the URL selected for the shortcut.
      input.current?.select();
      toast.error(LINE_TEXT.copyFailed);
    }
  };

  return (
    <section className="line-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="line-card__title">
        {LINE_TEXT.webhookHeading}
      </h2>
      <p className="line-card__lead">{LINE_TEXT.webhookLead}</p>
      <div className="field">
        <label htmlFor={urlId}>{LINE_TEXT.webhookUrl}</label>
        <div className="line-webhook__url">
          <input
            ref={input}
            id={urlId}
            value={webhookUrl}
            readOnly
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn" onClick={() => void copy()}>
            {LINE_TEXT.copy}
          </button>
        </div>
      </div>
      <div className="line-card__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => webhook.mutate()}
          disabled={webhook.isPending}
        >
          {LINE_TEXT.setWebhook}
        </button>
      </div>
      {webhook.isSuccess ? <WebhookAnswer answer={webhook.data} /> : null}
      {webhook.isError ? (
        <p className="notice notice--error line-webhook__answer" role="alert">
          {actionErrorText(webhook.error)}
        </p>
      ) : null}
    </section>
  );
}
