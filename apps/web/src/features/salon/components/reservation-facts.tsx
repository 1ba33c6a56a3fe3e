import {
  formatJapanesePhone,
  type Course,
  type Reservation,
  type Resource,
} from '@tsunagu/contracts';
import type { SalonStatus } from '@/lib/reference-store';
import { customerName } from '../timeline/reservation-item';
import { formatLongDateJa } from '../utils/dates';

/** A moment as the detail shows it (Tokyo, medium date and short time). */
export const detailDateTime = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));

/** Who the reservation is for, its status, and everything about it (TML-07). */
export function ReservationFacts(props: {
  reservation: Reservation;
  resources: readonly Resource[];
  courses: readonly Course[];
  statuses: readonly SalonStatus[];
}) {
  const { reservation, resources, courses, statuses } = props;
  const status = statuses.find((entry) => entry.id === reservation.status);
  const resourceName = (resourceId: number | null) =>
    resourceId === null
      ? '担当なし'
      : (resources.find((resource) => resource.id === resourceId)?.name ?? `#${resourceId}`);
  const course = courses.find((entry) => entry.id === reservation.course_id);
  return (
    <>
      <div className="salon-detail__who">
        {reservation.member?.icon_url ? (
          <img className="salon-detail__icon" src={reservation.member.icon_url} alt="" />
        ) : null}
        <div>
          <p className="salon-detail__name">{customerName(reservation)}</p>
          <p className="text-muted">
            {reservation.member
              ? `会員: ${reservation.member.display_name}（ID ${reservation.member.id}）`
              : '会員の指定なし'}
          </p>
        </div>
        <span className="salon-status" style={{ background: status?.color }}>
          {status?.name ?? reservation.status_label}
        </span>
      </div>
      <dl className="salon-detail__facts">
        <dt>フリガナ</dt>
        <dd>{reservation.kana || '未登録'}</dd>
        <dt>電話番号</dt>
        <dd>
          {reservation.phone ? (
            <a href={`tel:${reservation.phone}`}>{formatJapanesePhone(reservation.phone)}</a>
          ) : (
            '未登録'
          )}
        </dd>
        <dt>日時</dt>
        <dd>
          {formatLongDateJa(reservation.date)} {reservation.from}〜{reservation.to}
        </dd>
        <dt>担当</dt>
        <dd>{resourceName(reservation.salon_resource_id)}</dd>
        <dt>サブリソース</dt>
        <dd>{reservation.sub_resource_ids.map(resourceName).join('、') || 'なし'}</dd>
        <dt>コース</dt>
        <dd>
          {course
            ? `${course.name}（${course.duration}分・${course.price.toLocaleString('ja-JP')}円）`
            : 'コースなし'}
        </dd>
        <dt>指名料</dt>
        <dd>{reservation.resource_fee_is_charged ? '請求する' : '請求しない'}</dd>
        <dt>ご要望</dt>
        <dd>{reservation.comment || 'なし'}</dd>
        <dt>受付経路</dt>
        <dd>
          {reservation.source === 'member' ? 'お客様（LINE）' : 'スタッフが登録'}
          {reservation.shift_override ? '・シフト外で登録' : ''}
        </dd>
        <dt>登録日時</dt>
        <dd>{detailDateTime(reservation.created_at)}</dd>
      </dl>
    </>
  );
}
