import type { MessageImage } from '@tsunagu/contracts';
import { useId, useState, type FormEvent } from 'react';
import { ImageAttach } from '@/ui/image-attach';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useToast } from '@/ui/toast';
import { useAiDraft, useAiDraftsEnabled } from '../api/ai-draft-api';
import { useSend, useTemplateOptions } from '../api/chat-api';
import { Select } from '@/ui/select';

/**
 * The reply box: a text, a template or an image (uploaded first, decision 0305). Says before sending whether it goes free (the friend's
 * reply token is still valid) or as a push that counts against the month's quota, and after
 * sending what the server says it did.
 */
export function ReplyBox({
  friendId,
  replyTokenValid,
}: {
  friendId: number;
  replyTokenValid: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [notice, setNotice] = useState('');
  const [image, setImage] = useState<MessageImage | null>(null);
  const send = useSend(friendId);
  const templates = useTemplateOptions(true);
  const toast = useToast();
  const draftsEnabled = useAiDraftsEnabled();
  const draft = useAiDraft(friendId);
  const fieldErrors = isApiError(send.error) ? send.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = image
      ? { image_id: image.id }
      : templateId
        ? { template_id: Number(templateId) }
        : { text };
    send.mutate(input, {
      onSuccess: (result) => {
        // Only what was sent leaves the box: staff often type the next line while this one is
        // on its way, and that must stay.
        if (image) setImage((now) => (now?.id === image.id ? null : now));
        else if (templateId) setTemplateId((now) => (now === templateId ? '' : now));
        else setText((now) => withoutSent(now, text));
        setNotice(result.notice);
        toast.success(result.notice);
      },
      onError: (error) => {
        if (!isApiError(error) || Object.keys(error.fieldErrors).length === 0)
          toast.error(errorText(error));
      },
    });
  };

  return (
    <form className="chat-reply" onSubmit={submit} noValidate>
      <p className={`chat-reply__cost${replyTokenValid ? '' : ' chat-reply__cost--push'}`}>
        {replyTokenValid
          ? '今送ると応答メッセージ（無料）になります'
          : '今送るとプッシュメッセージになり、月間の送信数に数えられます'}
      </p>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        返信メッセージ
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        disabled={templateId !== '' || image !== null}
        placeholder="メッセージを入力"
        aria-invalid={fieldErrors.text ? true : undefined}
        aria-describedby={fieldErrors.text ? `${id}-text-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={`${id}-text-error`} messages={fieldErrors.text} />
      {image ? (
        <div className="chat-reply__image">
          <img src={image.preview_url} alt="送る画像" />
          <button type="button" className="btn btn--ghost" onClick={() => setImage(null)}>
            画像を外す
          </button>
        </div>
      ) : null}
      <FieldError id={`${id}-image-error`} messages={fieldErrors.image_id} />
      <div className="chat-reply__row">
        <Select
          label="テンプレート"
          options={[
            { value: '', name: '使わない（テキストを送る）' },
            ...(templates.data?.items ?? []).map((template) => ({
              value: String(template.id),
              name: template.name,
            })),
          ]}
          value={templateId}
          onChange={setTemplateId}
        />
        <ImageAttach disabled={templateId !== ''} onUploaded={setImage} />
        {draftsEnabled ? (
          <button
            type="button"
            className="btn"
            disabled={draft.isPending || templateId !== '' || image !== null}
            onClick={() =>
              draft.mutate(undefined, {
                onSuccess: (result) => {
                  if (result.outcome === 'drafted') {
                    setText(result.answer);
                    return;
                  }
                  toast.error(
                    `AIは下書きを作らず、スタッフへ引き継ぎました（${result.reason ?? ''}）`,
                  );
                },
                onError: (error) => toast.error(errorText(error)),
              })
            }
          >
            {draft.isPending ? 'AI作成中…' : 'AI下書き'}
          </button>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          送信
        </button>
      </div>
      <p className="chat-reply__notice" role="status">
        {notice}
      </p>
    </form>
  );
}

/** The box after `sent` went out: what was typed after it while sending, if anything. */
function withoutSent(now: string, sent: string): string {
  return now.startsWith(sent) ? now.slice(sent.length).trimStart() : now;
}
