import {
  isIdText,
  NOTIFICATION_TEXT,
  type Notification,
  type NotificationInput,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import {
  useCancelNotification,
  useCreateNotification,
  useDeleteNotification,
  useNotification,
  useNotificationEstimate,
  useSendNotification,
  useUpdateNotification,
} from '../api/notifications-api';
import { draftOf, emptyNotificationDraft } from '../components/draft';
import { useMessageKit } from '../components/message-kit';
import { NotificationForm } from '../components/notification-form';
import { NotificationReport } from '../components/notification-report';
import { SendConfirmDialog } from '../components/send-confirm-dialog';
import { StateBadge } from '../components/state-badge';
import { notificationPaths } from '../paths';
import '../components/notifications.css';

/** NotificationNew (ROUTE-11) and NotificationEdit (ROUTE-12): compose, schedule, send. */
export function NotificationEditPage(props: { title: string; id?: string; accountName: string }) {
  const isNew = props.id === undefined;
  const id = !isNew && isIdText(props.id!) ? Number(props.id) : null;
  const notification = useNotification(id);
  const back = <Link to={notificationPaths.list}>お知らせ一覧に戻る</Link>;
  let body;
  if (!isNew && id === null)
    body = (
      <>
        <p className="notice notice--error" role="alert">
          {NOTIFICATION_TEXT.notFound}
        </p>
        {back}
      </>
    );
  else if (id !== null && notification.isPending) body = <Loading />;
  else if (notification.isError)
    body = (
      <>
        <p className="notice notice--error" role="alert">
          {errorText(notification.error)}
        </p>
        {back}
      </>
    );
  else if (notification.data && !['draft', 'scheduled'].includes(notification.data.state))
    body = (
      <>
        <NotificationReport notification={notification.data} />
        {back}
      </>
    );
  else body = <Compose notification={notification.data ?? null} accountName={props.accountName} />;
  return (
    <section className="page notification-edit-page">
      <PageHeader
        title={props.title}
        breadcrumbs={[
          { label: 'お知らせ', to: notificationPaths.list },
          { label: isNew ? '新規作成' : '編集' },
        ]}
      />
      {body}
    </section>
  );
}

function Compose(props: { notification: Notification | null; accountName: string }) {
  const { notification } = props;
  const create = useCreateNotification();
  const update = useUpdateNotification();
  const send = useSendNotification();
  const cancel = useCancelNotification();
  const remove = useDeleteNotification();
  const toast = useToast();
  const navigate = useNavigate();
  const kit = useMessageKit();
  // `?segment=ID` presets the audience (a funnel's count made a segment, decision 0430).
  const [search] = useSearchParams();
  const [initial] = useState(() => {
    if (notification) return draftOf(notification, kit);
    const draft = emptyNotificationDraft(kit);
    const segment = search.get('segment');
    return segment !== null && isIdText(segment)
      ? { ...draft, audienceKind: 'segment' as const, segmentId: Number(segment) }
      : draft;
  });
  const [confirming, setConfirming] = useState<{ id: number; input: NotificationInput } | null>(
    null,
  );
  const [deleting, setDeleting] = useState(false);
  const estimate = useNotificationEstimate(
    confirming ? { content: confirming.input.content, audience: confirming.input.audience } : null,
  );
  const saving = create.isPending || update.isPending;
  const serverError = create.error ?? update.error;

  /** Saves (creates or rewrites) and answers the id. */
  const saveThen = (input: NotificationInput, saved: () => void, then: (id: number) => void) => {
    if (notification)
      update.mutate(
        { id: notification.id, input },
        {
          onSuccess: () => {
            saved();
            then(notification.id);
          },
        },
      );
    else
      create.mutate(input, {
        onSuccess: (answer) => {
          saved();
          then(answer.id);
        },
      });
  };

  return (
    <>
      {notification?.state === 'scheduled' ? (
        <p className="notice" role="status">
          <StateBadge state="scheduled" /> {notification.send_at?.replace('T', ' ')}
          （日本時間）に配信します。保存しても予約のままです。配信をやめるときは「下書きに戻す」を押してください。
        </p>
      ) : null}
      <NotificationForm
        initial={initial}
        accountName={props.accountName}
        busy={saving}
        serverError={serverError}
        scheduled={notification?.state === 'scheduled'}
        onSave={(input, saved) =>
          saveThen(input, saved, (id) => {
            toast.success(
              notification?.state === 'scheduled' ? '予約を保存しました' : '下書きを保存しました',
            );
            if (!notification) navigate(notificationPaths.edit(id), { replace: true });
          })
        }
        onSend={(input, saved) =>
          saveThen(input, saved, (id) => {
            send.reset();
            setConfirming({ id, input });
          })
        }
        extraActions={
          notification ? (
            <>
              {notification.state === 'scheduled' ? (
                <button
                  type="button"
                  className="btn"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(notification.id, {
                      onSuccess: () => toast.success('下書きに戻しました（予約を取り消しました）'),
                    })
                  }
                >
                  下書きに戻す
                </button>
              ) : null}
              <button type="button" className="btn btn--ghost" onClick={() => setDeleting(true)}>
                削除
              </button>
            </>
          ) : null
        }
      />
      <SendConfirmDialog
        key={confirming?.id ?? 0}
        open={confirming !== null}
        estimate={estimate.data}
        estimateError={estimate.error}
        sendAt={confirming?.input.send_at ?? null}
        busy={send.isPending}
        error={send.error}
        onCancel={() => {
          setConfirming(null);
          if (!notification && confirming)
            navigate(notificationPaths.edit(confirming.id), { replace: true });
        }}
        onConfirm={(confirmOverQuota) =>
          send.mutate(
            { id: confirming!.id, confirmOverQuota },
            {
              onSuccess: (answer) => {
                toast.success(
                  answer.state === 'scheduled'
                    ? 'お知らせを予約しました'
                    : 'お知らせの配信を始めました',
                );
                navigate(notificationPaths.list);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={deleting}
        title="お知らせの削除"
        message={`「${notification?.title ?? ''}」を削除します。よろしいですか？`}
        confirmLabel="削除"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          afterWrite(
            remove.mutateAsync(notification!.id),
            () => {
              toast.success('お知らせを削除しました');
              navigate(notificationPaths.list);
            },
            (error) => {
              setDeleting(false);
              toast.error(errorText(error));
            },
          )
        }
      />
    </>
  );
}
