import { operatorNoticeListSchema } from '@tsunagu/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import './operator-notices.css';

/** How many of the newest notices the top page shows. */
const SHOWN = 5;

/**
 * 「スタッフへの通知」 (issue 25, decision 0252): what the 「スタッフに通知する」 action stored,
 * newest first, where every operator lands (the top page). Nothing is shown while there are none
 * or they cannot be read: the top page stays as it was.
 */
export function OperatorNoticesPanel() {
  const notices = useQuery({
    queryKey: ['operator_notices'],
    queryFn: () =>
      apiRequest('/api/operator_notices', {
        schema: operatorNoticeListSchema,
        onUnauthenticated: 'report',
      }),
    retry: false,
  });
  const items = notices.data?.notices ?? [];
  if (items.length === 0) return null;
  return (
    <section className="operator-notices" aria-label="スタッフへの通知">
      <h2 className="operator-notices__title">スタッフへの通知</h2>
      <ul className="operator-notices__list">
        {items.slice(0, SHOWN).map((notice) => (
          <li key={notice.id} className="operator-notices__item">
            <time dateTime={notice.created_at} className="text-muted">
              {formatTokyoDateTime(notice.created_at)}
            </time>
            {notice.friend_id !== null ? (
              <Link to={`/line/friends/${notice.friend_id}`}>
                {notice.friend_name || '名前未取得の友だち'}
              </Link>
            ) : null}
            <span>{notice.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
