import {
  JOURNEY_ENTRY_KINDS,
  JOURNEY_ENTRY_LABELS,
  type JourneyEntry,
  type JourneyEntryKind,
} from '@tsunagu/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui/field-error';
import type { JourneyChoices } from '../api/journey-choices';

const fresh = (kind: JourneyEntryKind): JourneyEntry => {
  switch (kind) {
    case 'segment':
      return { kind, member_query_id: 0 };
    case 'tag_added':
      return { kind, tag_id: 0 };
    case 'reservation':
      return { kind, salon_id: null };
    default:
      return { kind };
  }
};

/** How friends enter the journey, with its target (decision 0169). */
export function EntryFields(props: {
  entry: JourneyEntry;
  choices: JourneyChoices;
  disabled: boolean;
  errors: Record<string, string[]>;
  onChange: (entry: JourneyEntry) => void;
}) {
  const { entry, choices, disabled, errors, onChange } = props;
  const id = useId();
  const target = (() => {
    switch (entry.kind) {
      case 'segment':
        return {
          field: 'entry.member_query_id',
          label: 'セグメント',
          options: choices.segments,
          value: entry.member_query_id,
          set: (v: number) => onChange({ ...entry, member_query_id: v }),
          empty: '選んでください',
        };
      case 'tag_added':
        return {
          field: 'entry.tag_id',
          label: 'タグ',
          options: choices.tags,
          value: entry.tag_id,
          set: (v: number) => onChange({ ...entry, tag_id: v }),
          empty: '選んでください',
        };
      case 'reservation':
        return {
          field: 'entry.salon_id',
          label: 'サロン',
          options: choices.salons,
          value: entry.salon_id ?? 0,
          set: (v: number) => onChange({ ...entry, salon_id: v || null }),
          empty: 'すべてのサロン',
        };
      default:
        return null;
    }
  })();
  return (
    <fieldset className="fieldset">
      <legend>開始条件</legend>
      <div className="journey-step__fields">
        <label className="field">
          <span className="field__label">どの友だちが始めるか</span>
          <select
            value={entry.kind}
            disabled={disabled}
            onChange={(event) => onChange(fresh(event.target.value as JourneyEntryKind))}
          >
            {JOURNEY_ENTRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {JOURNEY_ENTRY_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        {target ? (
          <div className="field">
            <label htmlFor={`${id}-target`}>{target.label}</label>
            <select
              id={`${id}-target`}
              value={target.value || ''}
              disabled={disabled}
              aria-invalid={errors[target.field] ? true : undefined}
              aria-describedby={`${id}-target-error`}
              onChange={(event) => target.set(Number(event.target.value))}
            >
              <option value="">{target.empty}</option>
              {target.options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-target-error`} messages={errors[target.field]} />
          </div>
        ) : null}
      </div>
      {entry.kind === 'trigger' ? (
        <p className="text-muted">
          トリガー・API連携の画面で、このジャーニーを開始するアクションを追加します。
        </p>
      ) : null}
    </fieldset>
  );
}
