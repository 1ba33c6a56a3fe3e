import {
  FRIEND_EVENT_CHOICE_LIST,
  FRIEND_EVENT_KINDS,
  FRIEND_EVENT_LABELS,
  FUNNEL_STEPS_MAX,
  type FunnelChoices,
  type FunnelStep,
} from '@tsunagu/contracts';
import { Select } from '@/ui/select';

export const emptyStep = (kind: FunnelStep['kind']): FunnelStep => ({
  kind,
  ref_id: null,
  goal: null,
});

/** A funnel's steps: each an action friends did (and what it names), with a goal in %. */
export function FunnelStepsEditor({
  steps,
  choices,
  onChange,
}: {
  steps: FunnelStep[];
  choices: FunnelChoices | undefined;
  onChange: (steps: FunnelStep[]) => void;
}) {
  const setStep = (index: number, step: Partial<FunnelStep>) =>
    onChange(steps.map((own, at) => (at === index ? { ...own, ...step } : own)));
  return (
    <fieldset>
      <legend>ステップ</legend>
      <ol className="funnel-editor__steps">
        {steps.map((step, index) => {
          const listName = FRIEND_EVENT_CHOICE_LIST[step.kind];
          const options = listName ? (choices?.[listName] ?? []) : [];
          return (
            <li key={index} className="funnel-editor__step">
              <Select
                label={`ステップ${index + 1}の行動`}
                value={step.kind}
                options={FRIEND_EVENT_KINDS.map((kind) => ({
                  value: kind,
                  name: FRIEND_EVENT_LABELS[kind],
                }))}
                onChange={(kind) => setStep(index, { kind, ref_id: null })}
              />
              {listName ? (
                <Select
                  label={`ステップ${index + 1}の対象`}
                  value={step.ref_id ?? 0}
                  options={[
                    { value: 0, name: 'すべて' },
                    ...options.map((option) => ({ value: option.id, name: option.name })),
                  ]}
                  onChange={(refId) => setStep(index, { ref_id: refId === 0 ? null : refId })}
                />
              ) : null}
              <label>
                目標（%）
                <input
                  className="text-field__input funnel-editor__number"
                  type="number"
                  min={0}
                  max={100}
                  aria-label={`ステップ${index + 1}の目標（%）`}
                  value={step.goal ?? ''}
                  onChange={(event) =>
                    setStep(index, {
                      goal: event.target.value === '' ? null : Number(event.target.value),
                    })
                  }
                />
              </label>
              {steps.length > 2 ? (
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => onChange(steps.filter((_, at) => at !== index))}
                >
                  削除
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {steps.length < FUNNEL_STEPS_MAX ? (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onChange([...steps, emptyStep('tag_added')])}
        >
          ステップを追加
        </button>
      ) : null}
    </fieldset>
  );
}
