import type { HomeSummary } from '@tsunagu/contracts';
import { Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText } from '@/lib/api-error';
import { useHomeSummary } from './home-api';
import './home-figures.css';

type Figure = {
  key: keyof Omit<HomeSummary, 'today'>;
  label: string;
  unit: string;
  to: string;
  /** A figure that asks for someone's attention when above zero. */
  urgent?: boolean;
};

/** Each figure and the screen it opens. */
const FIGURES: Figure[] = [
  { key: 'reservations_today', label: '今日の予約', unit: '件', to: pagePaths.SalonTimeline },
  {
    key: 'pending_requests',
    label: '要対応のリクエスト',
    unit: '件',
    to: pagePaths.SalonTimeline,
    urgent: true,
  },
  { key: 'unread_chats', label: '未読のチャット', unit: '件', to: pagePaths.Chat, urgent: true },
  { key: 'new_friends_week', label: '今週の新しい友だち', unit: '人', to: pagePaths.Friends },
  { key: 'blocks_week', label: '今週のブロック', unit: '人', to: pagePaths.Friends },
  {
    key: 'sent_this_month',
    label: '今月の送信数（つなぐから）',
    unit: '通',
    to: pagePaths.LineChannel,
  },
  {
    key: 'failed_sends_week',
    label: '今週の送信失敗',
    unit: '件',
    to: pagePaths.NotificationList,
    urgent: true,
  },
];

/**
 * The owner's morning on the top page (issue 28): today's bookings and the requests waiting,
 * unread chats, this week's friends and blocks, this month's sends and this week's failures —
 * each a link to the screen that deals with it. Phone first: two columns on a phone.
 */
export function HomeFigures() {
  const summary = useHomeSummary();
  if (summary.isError)
    return (
      <p className="notice notice--error" role="alert">
        今日の数字を読み込めませんでした：{errorText(summary.error)}
      </p>
    );
  const data = summary.data;
  return (
    <section className="home-figures" aria-label="今日の数字">
      <ul className="home-figures__list">
        {FIGURES.map((figure) => {
          const value = data?.[figure.key];
          const alert = figure.urgent && value !== undefined && value > 0;
          return (
            <li key={figure.key}>
              <Link
                to={figure.to}
                className={`home-figure${alert ? ' home-figure--alert' : ''}`}
                aria-label={`${figure.label} ${value === undefined ? '読み込み中' : `${value.toLocaleString('ja-JP')}${figure.unit}`}`}
              >
                <span className="home-figure__label">{figure.label}</span>
                <span className="home-figure__value">
                  {value === undefined ? '…' : value.toLocaleString('ja-JP')}
                  <small>{figure.unit}</small>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
