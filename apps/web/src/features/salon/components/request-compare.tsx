import type { Course, Reservation, Resource } from '@tsunagu/contracts';
import { formatDateJa } from '../utils/dates';

type Names = { resources: readonly Resource[]; courses: readonly Course[] };

const resourceName = (names: Names, id: number | null) =>
  id === null
    ? '担当なし'
    : (names.resources.find((resource) => resource.id === id)?.name ?? `#${id}`);
const courseName = (names: Names, id: number | null) =>
  id === null ? 'コースなし' : (names.courses.find((course) => course.id === id)?.name ?? `#${id}`);

/** A pending change request beside the current values (RSV-69), changed rows marked. */
export function RequestCompare({ reservation, ...names }: { reservation: Reservation } & Names) {
  const proposal = reservation.change_child?.proposal;
  if (!proposal) return null;
  const subs = (ids: readonly number[]) =>
    ids.length ? ids.map((id) => resourceName(names, id)).join('、') : 'なし';
  const rows: [string, string, string][] = [
    ['日付', formatDateJa(reservation.date), formatDateJa(proposal.date)],
    ['時間', `${reservation.from}〜${reservation.to}`, `${proposal.from}〜${proposal.to}`],
    ['コース', courseName(names, reservation.course_id), courseName(names, proposal.course_id)],
    [
      '担当',
      resourceName(names, reservation.salon_resource_id),
      resourceName(names, proposal.salon_resource_id),
    ],
    ['サブリソース', subs(reservation.sub_resource_ids), subs(proposal.sub_resource_ids)],
    ['ご要望', reservation.comment || 'なし', proposal.comment || 'なし'],
  ];
  return (
    <table className="table salon-compare">
      <caption className="visually-hidden">変更リクエストの内容</caption>
      <thead>
        <tr>
          <th scope="col">項目</th>
          <th scope="col">現在</th>
          <th scope="col">変更希望</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, now, wanted]) => (
          <tr key={label} className={now !== wanted ? 'salon-compare__changed' : undefined}>
            <th scope="row">{label}</th>
            <td>{now}</td>
            <td>{wanted}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
