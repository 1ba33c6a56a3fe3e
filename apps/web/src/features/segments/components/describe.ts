import {
  RESERVATION_WHEN_LABELS,
  VAR_CONDITION_OP_LABELS,
  varOpTakesValue,
  TAG_MATCH_LABELS,
  type MemberCondition,
  type MemberQueryCondition,
} from '@tsunagu/contracts';

/** One condition in words, e.g. 「VIP・常連 のいずれかのタグが付いている」. */
export function describeCondition(
  condition: MemberCondition,
  tagName: (id: number) => string,
  varName: (id: number) => string = () => '友だち情報',
): string {
  switch (condition.kind) {
    case 'tags':
      return `${condition.tag_ids.map(tagName).join('・')} の${TAG_MATCH_LABELS[condition.match]}`;
    case 'follow':
      return condition.state === 'following' ? '友だち（ブロックしていない）' : 'ブロック中';
    case 'reservation':
      return RESERVATION_WHEN_LABELS[condition.when].replace('○', String(condition.days));
    case 'var': {
      const name = varName(condition.var_id);
      const label = VAR_CONDITION_OP_LABELS[condition.op];
      if (condition.op === 'in')
        return `${name}で選んだ${condition.choice_ids.length}つの選択肢${label}`;
      return varOpTakesValue(condition.op)
        ? `${name}が「${condition.value}」${label}`
        : `${name}が${label}`;
    }
    case 'funnel':
      // A funnel's count (decision 0430): the segment's name carries the funnel's name.
      return `ファネル（#${condition.funnel_id}）のステップ${condition.step}に${condition.reached ? '到達した' : '到達しなかった'}`;
  }
}

/** A whole segment's condition in one line: parts joined by かつ / または. */
export function describeQuery(
  query: MemberQueryCondition,
  tagName: (id: number) => string,
  varName?: (id: number) => string,
) {
  const joint = query.match === 'all' ? ' かつ ' : ' または ';
  return query.conditions.map((part) => describeCondition(part, tagName, varName)).join(joint);
}
