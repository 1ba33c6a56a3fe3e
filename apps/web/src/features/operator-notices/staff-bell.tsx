import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAccountEvents } from '@/lib/account-events';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { STAFF_BELL_KEY, useMarkStaffNoticesRead, useStaffBell } from './staff-bell-api';
import './staff-bell.css';

/**
 * The bell in the header of every screen (issue 26, decision 0284): the operator's unread staff
 * notices — bookings, requests, changes, cancels, messages, 「スタッフに通知する」 — live through
 * the account stream; the list opens below it, and opening a notice marks it read.
 */
export function StaffBell({
  operatorId,
  settingsPath,
}: {
  operatorId: number;
  settingsPath: string;
}) {
  const bell = useStaffBell();
  const markRead = useMarkStaffNoticesRead();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: STAFF_BELL_KEY });
  useAccountEvents(
    'staff_notice',
    (event) => {
      const ids = (event as { operator_ids?: unknown }).operator_ids;
      if (Array.isArray(ids) && ids.includes(operatorId)) refresh();
    },
    refresh,
  );
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const unread = bell.data?.unread_count ?? 0;
  const items = bell.data?.items ?? [];
  const label = unread > 0 ? `通知（未読 ${unread}件）` : '通知';
  return (
    <div className="staff-bell" ref={root}>
      <button
        type="button"
        className="btn btn--ghost staff-bell__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg className="staff-bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        {unread > 0 ? (
          <span className="staff-bell__count" data-testid="staff-bell-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="staff-bell__panel" role="region" aria-label="通知">
          <div className="staff-bell__head">
            <strong>通知</strong>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              すべて既読にする
            </button>
          </div>
          {bell.isError ? (
            <p className="staff-bell__empty">通知を読み込めませんでした。</p>
          ) : items.length === 0 ? (
            <p className="staff-bell__empty">通知はまだありません。</p>
          ) : (
            <ul className="staff-bell__list">
              {items.map((item) => {
                const body = (
                  <>
                    <time dateTime={item.created_at} className="staff-bell__time">
                      {formatTokyoDateTime(item.created_at)}
                    </time>
                    <span className="staff-bell__text">{item.text}</span>
                  </>
                );
                const onOpen = () => {
                  if (!item.read) markRead.mutate([item.id]);
                  setOpen(false);
                };
                return (
                  <li
                    key={item.id}
                    className={
                      item.read ? 'staff-bell__item' : 'staff-bell__item staff-bell__item--unread'
                    }
                  >
                    {item.link ? (
                      <Link to={item.link} onClick={onOpen}>
                        {body}
                      </Link>
                    ) : (
                      <button type="button" className="staff-bell__plain" onClick={onOpen}>
                        {body}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="staff-bell__foot">
            <Link to={settingsPath} onClick={() => setOpen(false)}>
              通知の設定（メール・LINE・おやすみ時間）
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
