import { formatYen } from '../lib/dates';

/** What the visit costs, as rows of a `bk-facts` list: course, 指名料 and the total (税込). */
export function PriceFacts(props: { course: number; nominationFee: number }) {
  return (
    <>
      <div className="bk-facts__row">
        <dt>コース料金</dt>
        <dd>{formatYen(props.course)}</dd>
      </div>
      <div className="bk-facts__row">
        <dt>指名料</dt>
        <dd>{props.nominationFee > 0 ? formatYen(props.nominationFee) : 'なし'}</dd>
      </div>
      <div className="bk-facts__row bk-total">
        <dt>合計（税込）</dt>
        <dd>{formatYen(props.course + props.nominationFee)}</dd>
      </div>
    </>
  );
}
