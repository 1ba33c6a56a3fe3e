import { NavLink } from 'react-router';
import type { SalonView } from '../utils/salon-search';

const VIEWS: { view: SalonView; label: string }[] = [
  { view: 'timeline', label: '予約タイムライン' },
  { view: 'shift-day', label: 'シフト（日）' },
  { view: 'shift-week', label: 'シフト（週）' },
];

/** The three salon screens, keeping the salon and date. */
export function ViewTabs({
  current,
  linkTo,
}: {
  current: SalonView;
  linkTo: (view: SalonView) => string;
}) {
  return (
    <nav className="salon-tabs" aria-label="サロン予約の表示">
      {VIEWS.map(({ view, label }) => (
        <NavLink
          key={view}
          to={linkTo(view)}
          className={`salon-tabs__tab${view === current ? ' is-current' : ''}`}
          aria-current={view === current ? 'page' : undefined}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
