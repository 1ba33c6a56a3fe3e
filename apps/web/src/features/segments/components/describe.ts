import {
  RESERVATION_WHEN_LABELS,
  TAG_MATCH_LABELS,
  type MemberCondition,
  type MemberQueryCondition,
} from '@tsunagu/contracts';

/** One condition in words, e.g. 「VIP・常連 のいずれかのタグが付いている」. */
export function describeCondition(
  condition: MemberCondition,
  tagName: (id: number) => string,
): string {
  switch (condition.kind) {
    case 'tags':
      return `${condition.tag_ids.map(tagName).join('・')} の${TAG_MATCH_LABELS[condition.match]}`;
    case 'follow':
      return condition.state === 'following' ? '友だち（ブロックしていない）' : 'ブロック中';
    case 'reservation':
      return RESERVATION_WHEN_LABELS[condition.when].replace('○', String(condition.days));
  }
}

/** A whole segment's condition in one line: parts joined by かつ / または. */
export function describeQuery(query: MemberQueryCondition, tagName: (id: number) => string) {
  const joint = query.match === 'all' ? ' かつ ' : ' または ';
  return query.conditions.map((part) => describeCondition(part, tagName)).join(joint);
}
