import { BUSINESS_TIME_ZONE, type SalonUrl } from '@tsunagu/contracts';
import { useState } from 'react';
import { copyText } from '@/lib/clipboard';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { useToast } from '@/ui/toast';
import { writeErrorText } from '../../utils/write-errors';
import { QrDialog } from './qr-dialog';
import { SalonUrlForm } from './salon-url-form';
import { useDeleteSalonUrl, useSalonUrls } from './salon-urls-api';

const createdDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function Params({ url }: { url: SalonUrl }) {
  const params = [url.utm_source, url.utm_medium, url.utm_campaign].filter(Boolean);
  if (params.length === 0) return <span className="text-muted">なし</span>;
  return (
    <ul className="tag-list">
      {(['utm_source', 'utm_medium', 'utm_campaign'] as const)
        .filter((key) => url[key])
        .map((key) => (
          <li key={key} className="tag">
            {key.replace('utm_', '')}={url[key]}
          </li>
        ))}
    </ul>
  );
}

/** Booking URLs with tracking parameters (RSV-78..80): create, copy, QR code, delete. */
export function SalonUrls({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const toast = useToast();
  const urls = useSalonUrls(salonId);
  const remove = useDeleteSalonUrl(salonId);
  const [showing, setShowing] = useState<SalonUrl | null>(null);
  const [deleting, setDeleting] = useState<SalonUrl | null>(null);

  const copy = async (url: SalonUrl) => {
    if (await copyText(url.url)) toast.success(`「${url.name}」のURLをコピーしました`);
    else toast.error('コピーできませんでした。URLを選択してコピーしてください');
  };

  const columns: ListTableColumn<SalonUrl>[] = [
    { key: 'name', header: '名前' },
    { key: 'params', header: 'パラメータ', cell: (url) => <Params url={url} /> },
    {
      key: 'url',
      header: 'URL',
      cell: (url) => <span className="salon-url__text">{url.url}</span>,
    },
    {
      key: 'created_at',
      header: '作成日',
      cell: (url) => createdDate.format(new Date(url.created_at)),
    },
    {
      key: 'actions',
      header: '操作',
      cell: (url) => (
        <span className="salon-settings__row-actions">
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`${url.name}のURLをコピー`}
            onClick={() => void copy(url)}
          >
            コピー
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            aria-label={`${url.name}のQRコードを表示`}
            onClick={() => setShowing(url)}
          >
            QRコード
          </button>
          {canWrite ? (
            <button
              type="button"
              className="btn btn--ghost salon-settings__delete"
              aria-label={`${url.name}を削除`}
              onClick={() => setDeleting(url)}
            >
              削除
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`「${deleting.name}」のURLを削除しました`),
      onError: (error) => toast.error(writeErrorText(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      {canWrite ? <SalonUrlForm salonId={salonId} /> : null}
      <h2 className="salon-settings__heading">作成したURL</h2>
      {urls.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(urls.error)}
        </p>
      ) : (
        <ListTable
          label="予約URL一覧"
          rows={urls.data ?? []}
          columns={columns}
          loading={urls.isPending}
          emptyText="URLはまだありません"
          rowLabel={(url) => url.name}
        />
      )}
      {showing ? <QrDialog url={showing} onClose={() => setShowing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="URLを削除"
        message={`「${deleting?.name ?? ''}」のURLを削除しますか？この操作は取り消せません。`}
        confirmLabel="削除する"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
