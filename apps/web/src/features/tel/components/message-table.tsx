import { TEL_MESSAGE_STATUS, TEL_TEXT, type TelMessage } from '@tsunagu/contracts';
import { useState } from 'react';
import { formatTokyoDateTime } from '../format';
import { MessageStatusBadge } from './status-badge';

/** Rows drawn at first and per さらに表示: an order may hold 100,000 messages. */
export const MESSAGE_PAGE_SIZE = 200;

/** TEL-26: the sent time only for a sent message (3); a dash otherwise. */
export function sentTimeText(message: Pick<TelMessage, 'status' | 'sent_at'>): string {
  return message.status === TEL_MESSAGE_STATUS.sent && message.sent_at
    ? formatTokyoDateTime(message.sent_at)
    : '-';
}

/** TEL-27: template id 0 is an invalid template number. */
export function templateIdText(templateId: number): string {
  return templateId === 0 ? TEL_TEXT.invalidTemplateNumber : String(templateId);
}

/** TEL-28: `key: value`, one line each. */
function MergeData({ params }: { params: TelMessage['params'] }) {
  const entries = Object.entries(params);
  if (entries.length === 0) return <span className="text-muted">-</span>;
  return (
    <ul className="tel-params">
      {entries.map(([key, value]) => (
        <li key={key}>{`${key}: ${value}`}</li>
      ))}
    </ul>
  );
}

/** Why it failed, and whether LINE reported delivery (webhook). */
function Outcome({ message }: { message: TelMessage }) {
  if (message.failure_reason) return <>{message.failure_reason}</>;
  if (message.delivered_at) return <>配信済み（{formatTokyoDateTime(message.delivered_at)}）</>;
  return <span className="text-muted">-</span>;
}

/** TEL-25: id, scheduled time, status, sent time, phone number, template id, merge data. */
export function MessageTable({ messages }: { messages: readonly TelMessage[] }) {
  const [shown, setShown] = useState(MESSAGE_PAGE_SIZE);
  const rest = messages.length - shown;
  return (
    <>
      <table className="table" aria-label="メッセージ一覧">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">送信予定日時</th>
            <th scope="col">ステータス</th>
            <th scope="col">送信日時</th>
            <th scope="col">電話番号</th>
            <th scope="col">テンプレート番号</th>
            <th scope="col">差し込みデータ</th>
            <th scope="col">結果</th>
          </tr>
        </thead>
        <tbody>
          {messages.length === 0 ? (
            <tr>
              <td colSpan={8} className="table__empty">
                表示するデータがありません
              </td>
            </tr>
          ) : (
            messages.slice(0, shown).map((message) => (
              <tr key={message.id}>
                <td>{message.id}</td>
                <td className="tel-nowrap">{formatTokyoDateTime(message.datetime)}</td>
                <td>
                  <MessageStatusBadge status={message.status} />
                </td>
                <td className="tel-nowrap">{sentTimeText(message)}</td>
                <td className="tel-nowrap">{message.tel}</td>
                <td>{templateIdText(message.template_id)}</td>
                <td>
                  <MergeData params={message.params} />
                </td>
                <td>
                  <Outcome message={message} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {rest > 0 ? (
        <div className="tel-more">
          <button
            type="button"
            className="btn"
            onClick={() => setShown((count) => count + MESSAGE_PAGE_SIZE)}
          >
            さらに表示（残り{rest.toLocaleString('ja-JP')}件）
          </button>
        </div>
      ) : null}
    </>
  );
}
