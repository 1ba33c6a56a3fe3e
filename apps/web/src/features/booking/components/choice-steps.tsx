import type { BookingPage } from '@tsunagu/contracts';
import { formatYen } from '../lib/dates';

/** Step 1: the salon's public courses. */
export function CourseStep(props: {
  courses: BookingPage['courses'];
  onPick: (course: BookingPage['courses'][number]) => void;
}) {
  if (props.courses.length === 0)
    return <p className="bk-muted">現在オンラインで予約できるコースはありません。</p>;
  return (
    <ul className="bk-choices">
      {props.courses.map((course) => (
        <li key={course.id}>
          <button type="button" className="bk-choice" onClick={() => props.onPick(course)}>
            <span className="bk-choice__name">{course.name}</span>
            <span className="bk-choice__meta">
              {course.duration}分・{formatYen(course.price)}
            </span>
            {course.description ? (
              <span className="bk-choice__text">{course.description}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Step 2: a staff member, or 指名なし (the engine assigns one fairly). */
export function StaffStep(props: {
  resources: BookingPage['resources'];
  onPick: (staff: BookingPage['resources'][number] | null) => void;
}) {
  return (
    <ul className="bk-choices">
      <li>
        <button type="button" className="bk-choice" onClick={() => props.onPick(null)}>
          <span className="bk-choice__name">指名なし</span>
          <span className="bk-choice__meta">空いている担当者がお受けします</span>
        </button>
      </li>
      {props.resources.map((staff) => (
        <li key={staff.id}>
          <button type="button" className="bk-choice" onClick={() => props.onPick(staff)}>
            <span className="bk-choice__name">{staff.name}</span>
            <span className="bk-choice__meta">
              {staff.nomination_fee > 0
                ? `指名料 ${formatYen(staff.nomination_fee)}`
                : '指名料なし'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
