import { JOURNEY_STEP_LABELS, type JourneyStepInput } from '@tsunagu/contracts';
import type { Choice } from '../api/journey-choices';

type Props = {
  step: JourneyStepInput;
  index: number;
  count: number;
  choices: { templates: Choice[]; tags: Choice[]; segments: Choice[]; journeyTags: Choice[] };
  disabled: boolean;
  onChange: (step: JourneyStepInput) => void;
};

function IdSelect(props: {
  label: string;
  value: number;
  options: Choice[];
  disabled: boolean;
  onChange: (id: number) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <select
        value={props.value || ''}
        disabled={props.disabled}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        <option value="">選んでください</option>
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function NumberInput(props: {
  label: string;
  value: number;
  max: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        type="number"
        min={0}
        max={props.max}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
    </label>
  );
}

/** The inputs of one step, by its kind. */
export function StepFields({ step, index, count, choices, disabled, onChange }: Props) {
  switch (step.kind) {
    case 'wait': {
      const atTime = step.at_time ?? null;
      return (
        <div className="journey-step__fields">
          <NumberInput
            label="日"
            value={step.days}
            max={365}
            disabled={disabled}
            onChange={(days) => onChange({ ...step, days })}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={atTime !== null}
              disabled={disabled}
              onChange={(event) =>
                onChange({
                  ...step,
                  hours: 0,
                  minutes: 0,
                  at_time: event.target.checked ? '10:00' : null,
                })
              }
            />
            時刻を指定
          </label>
          {atTime !== null ? (
            <label className="field">
              <span className="field__label">時刻</span>
              <input
                type="time"
                value={atTime}
                disabled={disabled}
                onChange={(event) => onChange({ ...step, at_time: event.target.value })}
              />
            </label>
          ) : (
            <>
              <NumberInput
                label="時間"
                value={step.hours}
                max={23}
                disabled={disabled}
                onChange={(hours) => onChange({ ...step, hours })}
              />
              <NumberInput
                label="分"
                value={step.minutes}
                max={59}
                disabled={disabled}
                onChange={(minutes) => onChange({ ...step, minutes })}
              />
            </>
          )}
        </div>
      );
    }
    case 'send':
      return (
        <IdSelect
          label="テンプレート"
          value={step.template_id}
          options={choices.templates}
          disabled={disabled}
          onChange={(template_id) => onChange({ ...step, template_id })}
        />
      );
    case 'add_tag':
    case 'remove_tag':
      return (
        <IdSelect
          label="タグ"
          value={step.tag_id}
          options={choices.tags}
          disabled={disabled}
          onChange={(tag_id) => onChange({ ...step, tag_id })}
        />
      );
    case 'add_journey_tag':
    case 'remove_journey_tag':
      return (
        <IdSelect
          label="ジャーニータグ"
          value={step.journey_tag_id}
          options={choices.journeyTags}
          disabled={disabled}
          onChange={(journey_tag_id) => onChange({ ...step, journey_tag_id })}
        />
      );
    case 'branch': {
      const later = Array.from({ length: count - index - 1 }, (_, offset) => index + offset + 2);
      return (
        <div className="journey-step__fields">
          <IdSelect
            label="セグメント"
            value={step.member_query_id}
            options={choices.segments}
            disabled={disabled}
            onChange={(member_query_id) => onChange({ ...step, member_query_id })}
          />
          <label className="field">
            <span className="field__label">当てはまらない友だち</span>
            <select
              value={step.otherwise ?? ''}
              disabled={disabled}
              onChange={(event) =>
                onChange({
                  ...step,
                  otherwise: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">ジャーニーを終える</option>
              {later.map((order) => (
                <option key={order} value={order}>
                  ステップ{order}へ進む
                </option>
              ))}
            </select>
          </label>
        </div>
      );
    }
  }
}

export const STEP_KIND_OPTIONS = Object.entries(JOURNEY_STEP_LABELS);
