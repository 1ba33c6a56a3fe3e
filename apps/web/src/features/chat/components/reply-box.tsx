import { useId, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useToast } from '@/ui/toast';
import { useSend, useTemplateOptions } from '../api/chat-api';
import { Select } from '@/ui/select';

/**
 * The reply box: a text or a template. Says before sending whether it goes free (the friend's
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
  const send = useSend(friendId);
  const templates = useTemplateOptions(true);
  const toast = useToast();
  const fieldErrors = isApiError(send.error) ? send.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = templateId ? { template_id: Number(templateId) } : { text };
    send.mutate(input, {
      onSuccess: (result) => {
        setText('');
        setTemplateId('');
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
        disabled={templateId !== ''}
        placeholder="メッセージを入力"
        aria-invalid={fieldErrors.text ? true : undefined}
        aria-describedby={fieldErrors.text ? `${id}-text-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={`${id}-text-error`} messages={fieldErrors.text} />
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
