import type { CustomerField, OnlineConfig } from '@tsunagu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/ui/dialog';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { useToast } from '@/ui/toast';
import { writeErrorText } from '../../utils/write-errors';
import { useWriteOnlineConfig } from '../api/online-config';
import { settingsKeys } from '../api/settings-keys';
import { CustomerFieldDialog, FIELD_TYPE_LABELS } from './customer-field-dialog';

type Row = CustomerField & Record<string, unknown>;

/**
 * The questions of the booking form (RSV-33..35). Dragging a row applies the new order at once
 * and sends customer:sort; a refusal puts the old order back with a message (spec §4).
 */
export function CustomerFields(props: {
  salonId: number;
  canWrite: boolean;
  config: OnlineConfig;
}) {
  const { salonId, canWrite, config } = props;
  const queryClient = useQueryClient();
  const write = useWriteOnlineConfig(salonId);
  const toast = useToast();
  const [editing, setEditing] = useState<CustomerField | 'new' | null>(null);
  const [removing, setRemoving] = useState<CustomerField | null>(null);
  const key = settingsKeys.onlineConfig(salonId);

  const reorder = (rows: Row[]) => {
    const previous = queryClient.getQueryData<OnlineConfig>(key);
    if (!previous) return;
    const ordered = rows.map((row, index) => ({ ...row, order: index + 1 }));
    queryClient.setQueryData<OnlineConfig>(key, { ...previous, customer_info: ordered });
    write.mutate(
      { kind: 'patch', attr: 'customer:sort', body: { sorted_ids: rows.map((row) => row.id) } },
      {
        onSuccess: () => toast.success('質問の並び順を保存しました'),
        onError: (error) => {
          queryClient.setQueryData<OnlineConfig>(key, (current) =>
            current ? { ...current, customer_info: previous.customer_info } : previous,
          );
          toast.error(`並び順を保存できなかったため、元に戻しました：${writeErrorText(error)}`);
        },
      },
    );
  };

  const remove = (field: CustomerField) =>
    write.mutate(
      { kind: 'patch', attr: 'customer:remove', body: { id: field.id } },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(`「${field.label}」を削除しました`);
        },
        onError: (error) => {
          setRemoving(null);
          toast.error(writeErrorText(error));
        },
      },
    );

  const columns: ListTableColumn<Row>[] = [
    { key: 'label', header: '質問' },
    { key: 'field_type', header: '形式', cell: (row) => FIELD_TYPE_LABELS[row.field_type] },
    { key: 'required', header: '必須', cell: (row) => (row.required ? '必須' : '任意') },
    {
      key: 'options',
      header: '選択肢',
      cell: (row) => (row.options.length > 0 ? row.options.join('・') : '—'),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: '操作',
            cell: (row: Row) => (
              <span className="settings-row-actions">
                <button
                  type="button"
                  className="btn btn--ghost"
                  aria-label={`「${row.label}」を編集`}
                  onClick={() => setEditing(row)}
                >
                  編集
                </button>
                <button
                  type="button"
                  className="btn btn--ghost settings-danger-text"
                  aria-label={`「${row.label}」を削除`}
                  onClick={() => setRemoving(row)}
                >
                  削除
                </button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className="settings-card" aria-labelledby="questions-heading">
      <div className="settings-card__head">
        <h2 className="settings-card__title" id="questions-heading">
          お客様への質問
        </h2>
        {canWrite ? (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            質問を追加
          </button>
        ) : null}
      </div>
      <p className="text-muted">
        予約の最後にお客様が答える項目です。
        {canWrite
          ? 'つまみ（⠿）をドラッグ（または↑↓キー）で並び替えると、すぐに保存されます。'
          : ''}
      </p>
      <ListTable<Row>
        label="お客様への質問"
        rows={config.customer_info as Row[]}
        columns={columns}
        draggable={canWrite}
        onReorder={reorder}
        rowLabel={(row) => `「${row.label}」`}
        emptyText="質問はまだありません"
      />
      {editing ? (
        <CustomerFieldDialog
          salonId={salonId}
          field={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="質問の削除"
        message={`「${removing?.label ?? ''}」を削除します。よろしいですか？`}
        confirmLabel="削除する"
        cancelLabel="キャンセル"
        tone="danger"
        busy={write.isPending}
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
