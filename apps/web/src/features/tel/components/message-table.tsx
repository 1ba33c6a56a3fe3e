import {
  TEL_MESSAGE_STATUS,
  TEL_TEXT,
  formatJapanesePhone,
  telParamTitle,
  type TelMessage,
} from '@tsunagu/contracts';
import { useMemo } from 'react';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { LineErrorDetails } from '@/ui/line-error-details';
import { MessageStatusBadge } from './status-badge';

/** TEL-26: the sent time only for a sent message (3); a dash otherwise. */
export function sentTimeText(message: Pick<TelMessage, 'status' | 'sent_at'>): string {
  return message.status === TEL_MESSAGE_STATUS.sent && message.sent_at
    ? formatTokyoDateTime(message.sent_at)
    : '-';
}

/**
 * TEL-27: template id 0 is an invalid template number. A known template reads `id:name`, as
 * the register form offers it (TEL-43), so nobody has to remember what 「5」 was (issue 28).
 */
export function templateIdText(templateId: number, name?: string): string {
  if (templateId === 0) return TEL_TEXT.invalidTemplateNumber;
  return name === undefined ? String(templateId) : `${templateId}:${name}`;
}

/**
 * TEL-28: `key: value`, one line each; the key with the template's own word for it (issue 28,
 * decision 0376): 「お名前（param_1）: 山田 花子」.
 */
function MergeData({
  params,
  labels,
}: {
  params: TelMessage['params'];
  labels: Readonly<Record<string, string>>;
}) {
  const entries = Object.entries(params);
  if (entries.length === 0) return <span className="text-muted">-</span>;
  return (
    <ul className="tel-params">
      {entries.map(([key, value]) => (
        <li key={key}>{`${telParamTitle(key, labels)}: ${value}`}</li>
      ))}
    </ul>
  );
}

/** Why it failed (with LINE's details[], decision 0185), and whether LINE reported delivery. */
function Outcome({ message }: { message: TelMessage }) {
  if (message.failure_reason)
    return (
      <>
        {message.failure_reason}
        <LineErrorDetails details={message.failure_details} />
      </>
    );
  if (message.delivered_at) return <>配信済み（{formatTokyoDateTime(message.delivered_at)}）</>;
  return <span className="text-muted">-</span>;
}

const NO_NAMES: ReadonlyMap<number, string> = new Map();
const NO_LABELS: ReadonlyMap<number, Readonly<Record<string, string>>> = new Map();

const nowrap = (text: string) => <span className="tel-nowrap">{text}</span>;

const columnsFor = (
  onPreview: (message: TelMessage) => void,
  templateNames: ReadonlyMap<number, string>,
  paramLabels: ReadonlyMap<number, Readonly<Record<string, string>>>,
): ListTableColumn<TelMessage>[] => [
  { key: 'id', header: 'ID' },
  { key: 'datetime', header: '送信予定日時', cell: (m) => nowrap(formatTokyoDateTime(m.datetime)) },
  { key: 'status', header: 'ステータス', cell: (m) => <MessageStatusBadge status={m.status} /> },
  { key: 'sent_at', header: '送信日時', cell: (m) => nowrap(sentTimeText(m)) },
  // Hyphens for reading only; the stored number is the digits (issue 10).
  { key: 'tel', header: '電話番号', cell: (m) => nowrap(formatJapanesePhone(m.tel)) },
  {
    key: 'template_id',
    header: 'テンプレート番号',
    cell: (m) => templateIdText(m.template_id, templateNames.get(m.template_id)),
  },
  {
    key: 'params',
    header: '差し込みデータ',
    cell: (m) => <MergeData params={m.params} labels={paramLabels.get(m.template_id) ?? {}} />,
  },
  { key: 'outcome', header: '結果', cell: (m) => <Outcome message={m} /> },
  {
    key: 'preview',
    header: '送信内容',
    cell: (m) => (
      <button
        type="button"
        className="btn"
        aria-label={`メッセージ ${m.id} の送信内容を表示`}
        onClick={() => onPreview(m)}
      >
        表示
      </button>
    ),
  },
];

/**
 * TEL-25: id, scheduled time, status, sent time, phone number, template id, merge data. An
 * order may hold 100,000 messages; the list table draws only the visible rows.
 */
export function MessageTable({
  messages,
  loading,
  onPreview,
  templateNames = NO_NAMES,
  paramLabels = NO_LABELS,
  emptyText,
}: {
  messages: readonly TelMessage[];
  /** The account's template names by id; ids not in it (deleted, or still loading) show bare. */
  templateNames?: ReadonlyMap<number, string>;
  /** Each template's labels of its parameters (telParamLabels), by template id. */
  paramLabels?: ReadonlyMap<number, Readonly<Record<string, string>>>;
  loading: boolean;
  /** Opens what the customer receives (template + params), loaded on demand. */
  onPreview: (message: TelMessage) => void;
  emptyText?: string;
}) {
  const columns = useMemo(
    () => columnsFor(onPreview, templateNames, paramLabels),
    [onPreview, templateNames, paramLabels],
  );
  return (
    <ListTable
      label="メッセージ一覧"
      rows={messages}
      columns={columns}
      loading={loading}
      {...(emptyText === undefined ? {} : { emptyText })}
      rowLabel={(message) => `メッセージ ${message.id}`}
    />
  );
}
