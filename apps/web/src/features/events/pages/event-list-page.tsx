import type { EventListItem } from '@tsunagu/contracts';
import { Link, useNavigate } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCopyEvent, useEvents } from '../api/events-api';
import { EventStateBadge } from '../components/event-state-badge';
import { dateJa, tokyoParts } from '@/lib/tokyo-wall-clock';
import { eventPaths } from '../paths';
import '../components/events.css';

const UNFILED = '未分類';

const nextText = (iso: string) => {
  if (!iso) return '予定なし';
  const at = tokyoParts(iso);
  return `${dateJa(at.date)} ${at.time}`;
};

/**
 * EventList (ROUTE-31, issue 27): the account's events in their folders — name, next date,
 * booked / capacity per slot, state; copy an event. Everyone reads; writes need reserve-write.
 */
export function EventListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useEvents();
  const copy = useCopyEvent();
  const toast = useToast();
  const navigate = useNavigate();
  const header = (
    <PageHeader
      title={title}
      actions={
        canWrite ? (
          <Link className="btn btn--primary" to={eventPaths.create}>
            イベントを作成
          </Link>
        ) : null
      }
    />
  );
  if (list.isPending || list.isError)
    return (
      <section className="page ev-list-page">
        {header}
        {list.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {errorText(list.error)}
          </p>
        )}
      </section>
    );

  const { events, folders } = list.data;
  const sections = [...folders.filter((name) => name !== ''), ''];
  const copyUrl = async (event: EventListItem) => {
    const url = `${window.location.origin}${eventPaths.publicPage(event.public_key)}`;
    if (await copyText(url)) toast.success('予約ページのURLをコピーしました');
    else toast.error('コピーできませんでした');
  };
  return (
    <section className="page ev-list-page">
      {header}
      {!canWrite ? (
        <p className="notice notice--info" role="note">
          閲覧のみです。イベントの作成・編集には「予約」の書き込み権限が必要です。
        </p>
      ) : null}
      {events.length === 0 ? (
        <p className="text-muted">
          イベントはまだありません。体験会・セミナー・説明会などを、定員つきの日程で受け付けられます。
        </p>
      ) : null}
      {sections.map((folder) => {
        const rows = events.filter((event) => event.folder === folder);
        if (rows.length === 0) return null;
        const name = folder || UNFILED;
        return (
          <section key={folder} className="ev-folder" aria-label={name}>
            <h2 className="ev-folder__name">
              {name}
              <span className="text-muted">{rows.length}件</span>
            </h2>
            <div className="ev-table-scroll">
              <table className="table ev-table">
                <thead>
                  <tr>
                    <th>イベント</th>
                    <th>次回</th>
                    <th>予約数 / 定員</th>
                    <th>状態</th>
                    <th>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((event) => (
                    <tr key={event.id}>
                      <td>
                        <strong>{event.admin_name}</strong>
                        {event.title !== event.admin_name ? (
                          <div className="text-muted">{event.title}</div>
                        ) : null}
                      </td>
                      <td className="ev-nowrap">{nextText(event.next_starts_at)}</td>
                      <td>
                        <ul className="ev-slot-counts" aria-label={`${event.admin_name}の日程`}>
                          {event.slots.slice(0, 4).map((slot) => (
                            <li key={slot.id}>
                              <span className="text-muted">
                                {slot.date.slice(5).replace('-', '/')} {slot.from}
                              </span>{' '}
                              <span className={slot.booked >= slot.capacity ? 'ev-full' : ''}>
                                {slot.booked}/{slot.capacity}
                              </span>
                            </li>
                          ))}
                          {event.slots.length > 4 ? (
                            <li className="text-muted">ほか{event.slots.length - 4}日程</li>
                          ) : null}
                          {event.slots.length === 0 ? (
                            <li className="text-muted">日程なし</li>
                          ) : null}
                        </ul>
                      </td>
                      <td>
                        <EventStateBadge state={event.state} />
                      </td>
                      <td>
                        <div className="ev-row-actions">
                          <Link className="btn btn--small" to={eventPaths.reservations(event.id)}>
                            予約者
                          </Link>
                          {canWrite ? (
                            <Link className="btn btn--small" to={eventPaths.edit(event.id)}>
                              編集
                            </Link>
                          ) : null}
                          {canWrite ? (
                            <button
                              type="button"
                              className="btn btn--small"
                              aria-label={`「${event.admin_name}」をコピー`}
                              disabled={copy.isPending}
                              onClick={() =>
                                copy.mutate(event.id, {
                                  onSuccess: (made) => {
                                    toast.success('下書きとしてコピーしました');
                                    void navigate(eventPaths.edit(made.id));
                                  },
                                  onError: (error) => toast.error(errorText(error)),
                                })
                              }
                            >
                              コピー
                            </button>
                          ) : null}
                          {event.state !== 'draft' ? (
                            <button
                              type="button"
                              className="btn btn--small"
                              aria-label={`「${event.admin_name}」の予約ページURLをコピー`}
                              onClick={() => void copyUrl(event)}
                            >
                              URL
                            </button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </section>
  );
}
