import {
  MEMBER_QUERY_CONDITIONS_MAX,
  MEMBER_QUERY_NAME_MAX,
  memberConditionSchema,
  memberQueryInputSchema,
  type MemberCondition,
  type MemberQueryCondition,
  type MemberQueryInput,
  type Tag,
} from '@tsunagu/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { FieldError } from '@/ui/field-error';
import { useUnsavedChanges } from '@/ui/leave-guard';
import { useConditionCount } from '../api/segments-api';
import { blankCondition, ConditionRow, KIND_LABELS, type ConditionKind } from './condition-row';
import { useSettled } from './use-settled';

type Errors = Record<string, string[] | undefined>;

type SegmentFormProps = {
  initial: MemberQueryInput;
  tags: readonly Tag[];
  readOnly: boolean;
  busy: boolean;
  serverError: unknown;
  /** `saved` is to be called once the segment is saved, before leaving the page. */
  onSubmit: (input: MemberQueryInput, saved: () => void) => void;
};

/** Errors by dotted path (`name`, `conditions.0.tag_ids`), as the server names them. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'conditions';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/**
 * The conditions to count now: the complete rows only, so a row still being filled in never
 * hides the count of the others (issue 28). Null when no row is complete yet.
 */
export function countableConditions(settled: {
  match: MemberQueryInput['match'];
  conditions: readonly MemberCondition[];
}): { query: MemberQueryCondition; skipped: number } | null {
  const complete = settled.conditions.flatMap((condition) => {
    const parsed = memberConditionSchema.safeParse(condition);
    return parsed.success ? [parsed.data] : [];
  });
  if (complete.length === 0) return null;
  return {
    query: { match: settled.match, conditions: complete },
    skipped: settled.conditions.length - complete.length,
  };
}

/**
 * A segment's name and conditions (ADR 0145), with how many friends it finds now (asked once
 * typing pauses) and a leave guard while anything differs from what was loaded.
 */
export function SegmentForm(props: SegmentFormProps) {
  const { initial, tags, readOnly, busy, serverError, onSubmit } = props;
  const [name, setName] = useState(initial.name);
  const [match, setMatch] = useState(initial.match);
  const [conditions, setConditions] = useState<MemberCondition[]>(initial.conditions);
  const values: MemberQueryInput = { name, match, conditions };
  const { release } = useUnsavedChanges(values, initial);
  const [clientErrors, setClientErrors] = useState<Errors>({});
  const nameId = useId();

  const settled = useSettled({ match, conditions });
  const countable = useMemo(() => countableConditions(settled), [settled]);
  const count = useConditionCount(countable?.query ?? null);

  const server: Errors = isApiError(serverError) ? serverError.fieldErrors : {};
  const errors: Errors = { ...server, ...clientErrors };
  const formMessage = serverError ? errorText(serverError) : null;
  const conditionErrors = (index: number) => ({
    tag_ids: errors[`conditions.${index}.tag_ids`],
    days: errors[`conditions.${index}.days`],
  });

  const change = (index: number, next: MemberCondition) =>
    setConditions((list) => list.map((each, i) => (i === index ? next : each)));
  const add = (kind: ConditionKind) => setConditions((list) => [...list, blankCondition(kind)]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberQueryInputSchema.safeParse(values);
    if (!parsed.success) {
      setClientErrors(errorsOf(parsed.error.issues));
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data, release);
  };

  return (
    <form className="form form--wide segment-form" onSubmit={submit} noValidate>
      {formMessage ? (
        <p className="notice notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={nameId}>セグメント名</label>
        <input
          id={nameId}
          name="name"
          value={name}
          readOnly={readOnly}
          maxLength={MEMBER_QUERY_NAME_MAX}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${nameId}-error`} messages={errors.name} />
      </div>
      <fieldset className="segment-form__match" disabled={readOnly}>
        <legend className="field__label">条件の組み合わせ</legend>
        <label>
          <input type="radio" checked={match === 'all'} onChange={() => setMatch('all')} />
          すべての条件に当てはまる
        </label>
        <label>
          <input type="radio" checked={match === 'any'} onChange={() => setMatch('any')} />
          いずれかの条件に当てはまる
        </label>
      </fieldset>
      <div className="segment-form__conditions">
        {conditions.map((condition, index) => (
          <ConditionRow
            // Conditions have no ids of their own; every field is controlled, so the place is enough.
            key={index}
            index={index}
            condition={condition}
            tags={tags}
            readOnly={readOnly}
            errors={conditionErrors(index)}
            onChange={(next) => change(index, next)}
            onRemove={
              readOnly ? null : () => setConditions((list) => list.filter((_, i) => i !== index))
            }
          />
        ))}
        <FieldError id={`${nameId}-conditions`} messages={errors.conditions} />
      </div>
      {!readOnly && conditions.length < MEMBER_QUERY_CONDITIONS_MAX ? (
        <div className="segment-form__add" role="group" aria-label="条件を追加">
          {(Object.keys(KIND_LABELS) as ConditionKind[]).map((kind) => (
            <button key={kind} type="button" className="btn" onClick={() => add(kind)}>
              ＋{KIND_LABELS[kind]}の条件
            </button>
          ))}
        </div>
      ) : null}
      <p className="segment-form__count" aria-live="polite">
        {countable === null
          ? '条件を入力すると、当てはまる友だちの数が表示されます'
          : count.data
            ? `当てはまる友だち：${count.data.total.toLocaleString('ja-JP')}人${
                countable.skipped > 0 ? `（入力途中の条件${countable.skipped}件を除く）` : ''
              }`
            : count.isError
              ? errorText(count.error)
              : '数えています…'}
      </p>
      {readOnly ? null : (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            保存
          </button>
        </div>
      )}
    </form>
  );
}
