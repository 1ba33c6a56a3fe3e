import { TEL_MESSAGES, TEL_TEXT, canCancelTel, canOrderTel } from '@tsunagu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useChangeTelOrderStatus } from '../api/change-order-status';
import { useTelOrderMessages } from '../api/get-order-messages';
import { useTelOrderSummary } from '../api/get-order-summary';
import { useTelTemplates } from '../api/get-templates';
import { useParamLabels } from '../api/use-param-labels';
import { isSendingTel, TEL_POLL_MS, useTelOrderStatus } from '../api/get-order-status';
import { telKeys } from '../api/query-keys';
import { MessagePreviewDialog } from '../components/message-preview-dialog';
import { MessageTable } from '../components/message-table';
import { OrderWarnings, StatusCounts } from '../components/order-summary';
import { TelReadOnlyNotice } from '../components/read-only-notice';
import { filterByPhone, PhoneSearch } from '../components/phone-search';
import { OrderStatusBadge } from '../components/status-badge';
import { TelPage } from '../components/tel-page';
import { telPaths } from '../paths';

/**
 * Both status changes ask first (decision 0029): ordering sends real LINE messages to every
 * phone number of the file, and a cancel cannot be undone.
 */
function confirmation(next: 1 | -1, count: number | undefined) {
  return next === 1
    ? {
        title: '発注の確認',
        message: `${count === undefined ? '' : `${count.toLocaleString('ja-JP')}件の`}メッセージを発注します。送信予定日時になると LINE で送信されます。`,
        confirmLabel: '発注する',
        tone: 'primary' as const,
      }
    : {
        title: 'キャンセルの確認',
        message:
          'まだ送信されていないメッセージは送信されなくなります。送信済みのメッセージは取り消せません。',
        confirmLabel: 'キャンセルする',
        tone: 'danger' as const,
      };
}

type TelDetailPageProps = {
  id: number;
  title: string;
  /** DEC-09: without tel-write the order and cancel buttons are not shown. */
  canSend: boolean;
};

/** TelDetailListPage (TEL-20..42). */
export function TelDetailPage({ id, title, canSend }: TelDetailPageProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const change = useChangeTelOrderStatus();
  const status = useTelOrderStatus(id);
  const current = status.data?.status;
  const polling = isSendingTel(current) ? TEL_POLL_MS : false;
  const messages = useTelOrderMessages(id, polling);
  const templates = useTelTemplates();
  const templateNames = useMemo(
    () => new Map((templates.data ?? []).map((template) => [template.id, template.name])),
    [templates.data],
  );
  const usedTemplates = useMemo(
    () =>
      [...new Set((messages.data ?? []).map((message) => message.template_id))].filter((used) =>
        templateNames.has(used),
      ),
    [messages.data, templateNames],
  );
  const paramLabels = useParamLabels(usedTemplates);
  const summary = useTelOrderSummary(id, polling);
  // TEL-22: 通信中... until the status is known, and again while a change is sent and the
  // status fetched anew (TEL-34).
  const loading = current === undefined || change.isPending;

  // When the order moves on (sent, done, cancelled) the messages moved too.
  const seen = useRef(current);
  useEffect(() => {
    if (seen.current !== undefined && seen.current !== current) {
      void queryClient.invalidateQueries({ queryKey: telKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: telKeys.summary(id) });
    }
    seen.current = current;
  }, [current, id, queryClient]);

  const [asking, setAsking] = useState<1 | -1 | null>(null);
  const [search, setSearch] = useState('');
  const [previewing, setPreviewing] = useState<number | null>(null);
  const openPreview = useCallback((message: { id: number }) => setPreviewing(message.id), []);
  const all = messages.data;
  const shown = useMemo(() => filterByPhone(all ?? [], search), [all, search]);
  const changeTo = (next: 1 | -1) =>
    change.mutate(
      { id, status: next },
      {
        onSuccess: () => toast.success(next === 1 ? TEL_MESSAGES.ordered : TEL_MESSAGES.cancelled),
        onError: () => toast.error(TEL_MESSAGES.statusChangeFailed),
      },
    );

  return (
    <TelPage title={title} trail={[]}>
      <div className="tel-toolbar">
        <p className="tel-status-line" aria-live="polite">
          <span>ステータス：</span>
          <span data-testid="tel-order-status">
            {status.isError && current === undefined ? (
              <span className="text-muted">
                {isApiError(status.error) ? status.error.message : '取得できませんでした'}
              </span>
            ) : loading ? (
              TEL_TEXT.statusLoading
            ) : (
              <OrderStatusBadge status={current} />
            )}
          </span>
        </p>
        {canSend ? (
          <div className="tel-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={loading || !canOrderTel(current)}
              onClick={() => {
                // The confirmation counts past-time messages as of now, not as of page load.
                void summary.refetch();
                setAsking(1);
              }}
            >
              発注する
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={loading || !canCancelTel(current)}
              onClick={() => setAsking(-1)}
            >
              キャンセル
            </button>
          </div>
        ) : null}
      </div>
      {canSend ? null : <TelReadOnlyNotice />}
      {summary.data ? (
        <>
          <StatusCounts summary={summary.data} />
          {/* The draft screen: what ordering would do, before anyone presses 発注する. */}
          {canOrderTel(current ?? -1) ? <OrderWarnings warnings={summary.data} /> : null}
        </>
      ) : null}
      {messages.isError ? (
        <p className="notice notice--error" role="alert">
          {isApiError(messages.error) ? messages.error.message : String(messages.error)}
        </p>
      ) : (
        // Polling refreshes in place; only the first load shows the loading text.
        <>
          <PhoneSearch
            value={search}
            onChange={setSearch}
            shown={shown.length}
            total={all?.length ?? 0}
          />
          <MessageTable
            messages={shown}
            templateNames={templateNames}
            paramLabels={paramLabels}
            loading={messages.isPending}
            onPreview={openPreview}
            {...(all && all.length > 0 ? { emptyText: '該当するメッセージはありません' } : {})}
          />
        </>
      )}
      <p>
        <Link to={telPaths.list}>一覧に戻る</Link>
      </p>
      {previewing !== null && (
        <MessagePreviewDialog
          orderId={id}
          messageId={previewing}
          onClose={() => setPreviewing(null)}
        />
      )}
      {asking !== null && (
        <ConfirmDialog
          open
          {...confirmation(asking, summary.data?.count_all ?? messages.data?.length)}
          cancelLabel="戻る"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            changeTo(asking);
          }}
        >
          {asking === 1 && summary.data ? <OrderWarnings warnings={summary.data} /> : null}
        </ConfirmDialog>
      )}
    </TelPage>
  );
}
