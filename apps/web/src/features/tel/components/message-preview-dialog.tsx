import { TEL_TEXT } from '@tsunagu/contracts';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { useTelMessagePreview } from '../api/get-message-preview';

type Props = { orderId: number; messageId: number; onClose: () => void };

/** What the customer receives, bubble by bubble, loaded when asked for (issue 10). */
export function MessagePreviewDialog({ orderId, messageId, onClose }: Props) {
  const preview = useTelMessagePreview(orderId, messageId);
  const data = preview.data;
  return (
    <Dialog open title={`メッセージ ${messageId} の送信内容`} onClose={onClose}>
      {preview.isPending ? <p>{TEL_TEXT.statusLoading}</p> : null}
      {preview.isError ? (
        <p className="notice notice--error" role="alert">
          {isApiError(preview.error) ? preview.error.message : '送信内容を読み込めませんでした'}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="text-muted">
            テンプレート：
            {data.template_id === 0
              ? TEL_TEXT.invalidTemplateNumber
              : `${data.template_id}${data.template_name ? `:${data.template_name}` : ''}`}
          </p>
          {data.problem ? <p className="notice notice--error">{data.problem}</p> : null}
          <ol className="tel-bubbles" aria-label="送信されるメッセージ">
            {data.bubbles.map((bubble, index) => (
              <li key={index} className="tel-bubble">
                {bubble.text ?? (
                  <span className="text-muted">（{bubble.type || '不明'} メッセージ）</span>
                )}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Dialog>
  );
}
