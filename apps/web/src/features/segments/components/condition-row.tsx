import {
  MEMBER_QUERY_DAYS_MAX,
  RESERVATION_WHEN_LABELS,
  RESERVATION_WHENS,
  TAG_MATCH_LABELS,
  TAG_MATCHES,
  type MemberCondition,
  type Tag,
} from '@tsunagu/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui/field-error';
import { describeCondition } from './describe';
import { VarConditionFields } from './var-condition-fields';

export type ConditionKind = MemberCondition['kind'];

export const KIND_LABELS: Record<ConditionKind, string> = {
  tags: 'タグ',
  follow: '友だちの状態',
  reservation: '予約・来店',
  var: '友だち情報',
  funnel: 'ファネル',
};

/** The kinds the editor offers; a funnel condition is made from a funnel's count (decision 0430). */
const OFFERED_KINDS = (['tags', 'follow', 'reservation', 'var'] as const).map(
  (kind) => [kind, KIND_LABELS[kind]] as const,
);

/** A fresh condition of a kind, as the editor first shows it. */
export function blankCondition(kind: ConditionKind): MemberCondition {
  switch (kind) {
    case 'tags':
      return { kind, match: 'any', tag_ids: [] };
    case 'follow':
      return { kind, state: 'following' };
    case 'reservation':
      return { kind, when: 'upcoming', days: 7 };
    case 'var':
      // The field is chosen by VarConditionFields (the first one, once the fields are loaded).
      return { kind, var_id: 0, op: 'is_set', value: '', choice_ids: [] };
    case 'funnel':
      // Made from a funnel's result (セグメントにする), never from a blank row.
      return { kind, funnel_id: 0, step: 1, reached: true };
  }
}

type ConditionRowProps = {
  index: number;
  condition: MemberCondition;
  tags: readonly Tag[];
  readOnly: boolean;
  /** Server messages for this condition, by its field (`tag_ids`, `days`). */
  errors: Record<string, string[] | undefined>;
  onChange: (condition: MemberCondition) => void;
  onRemove: (() => void) | null;
};

/** One condition of a segment: its kind, then the fields that kind needs. */
export function ConditionRow(props: ConditionRowProps) {
  const { index, condition, tags, readOnly, errors, onChange, onRemove } = props;
  const id = useId();
  const label = `条件${index + 1}`;
  return (
    <fieldset className="segment-condition" disabled={readOnly}>
      <legend className="segment-condition__legend">{label}</legend>
      <div className="segment-condition__line">
        <select
          aria-label={`${label}の種類`}
          value={condition.kind}
          onChange={(event) => onChange(blankCondition(event.target.value as ConditionKind))}
        >
          {(condition.kind === 'funnel'
            ? [...OFFERED_KINDS, ['funnel', KIND_LABELS.funnel] as const]
            : OFFERED_KINDS
          ).map(([kind, name]) => (
            <option key={kind} value={kind}>
              {name}
            </option>
          ))}
        </select>
        {condition.kind === 'funnel' ? (
          <span className="segment-condition__funnel">{describeCondition(condition, String)}</span>
        ) : null}
        {condition.kind === 'tags' ? (
          <select
            aria-label={`${label}のタグの条件`}
            value={condition.match}
            onChange={(event) =>
              onChange({ ...condition, match: event.target.value as typeof condition.match })
            }
          >
            {TAG_MATCHES.map((match) => (
              <option key={match} value={match}>
                {TAG_MATCH_LABELS[match]}
              </option>
            ))}
          </select>
        ) : null}
        {condition.kind === 'follow' ? (
          <select
            aria-label={`${label}の状態`}
            value={condition.state}
            onChange={(event) =>
              onChange({ ...condition, state: event.target.value as typeof condition.state })
            }
          >
            <option value="following">友だち（ブロックしていない）</option>
            <option value="blocked">ブロック中</option>
          </select>
        ) : null}
        {condition.kind === 'reservation' ? (
          <>
            <select
              aria-label={`${label}の予約の条件`}
              value={condition.when}
              onChange={(event) =>
                onChange({ ...condition, when: event.target.value as typeof condition.when })
              }
            >
              {RESERVATION_WHENS.map((when) => (
                <option key={when} value={when}>
                  {RESERVATION_WHEN_LABELS[when]}
                </option>
              ))}
            </select>
            <label className="segment-condition__days">
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MEMBER_QUERY_DAYS_MAX}
                aria-label={`${label}の日数`}
                aria-invalid={errors.days ? true : undefined}
                aria-describedby={errors.days ? `${id}-days` : undefined}
                value={Number.isNaN(condition.days) ? '' : condition.days}
                onChange={(event) =>
                  onChange({ ...condition, days: Number.parseInt(event.target.value, 10) })
                }
              />
              日
            </label>
          </>
        ) : null}
        {onRemove ? (
          <button type="button" className="btn" onClick={onRemove}>
            {label}を削除
          </button>
        ) : null}
      </div>
      {condition.kind === 'var' ? (
        <VarConditionFields
          label={label}
          condition={condition}
          errors={errors}
          onChange={onChange}
        />
      ) : null}
      {condition.kind === 'tags' ? (
        <TagChoices
          label={label}
          tags={tags}
          selected={condition.tag_ids}
          onChange={(tag_ids) => onChange({ ...condition, tag_ids })}
        />
      ) : null}
      <FieldError id={`${id}-tags`} messages={errors.tag_ids} />
      <FieldError id={`${id}-days`} messages={errors.days} />
      <FieldError id={`${id}-funnel`} messages={errors.funnel_id ?? errors.step} />
    </fieldset>
  );
}

function TagChoices(props: {
  label: string;
  tags: readonly Tag[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { label, tags, selected, onChange } = props;
  if (tags.length === 0)
    return <p className="text-muted">タグがまだありません。タグ管理で作成してください。</p>;
  return (
    <ul className="segment-condition__tags" aria-label={`${label}のタグ`}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <label className="segment-tag">
            <input
              type="checkbox"
              checked={selected.includes(tag.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, tag.id]
                    : selected.filter((each) => each !== tag.id),
                )
              }
            />
            {tag.name}
          </label>
        </li>
      ))}
    </ul>
  );
}
