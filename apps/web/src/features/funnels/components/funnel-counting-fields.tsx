import type { FunnelChoices, FunnelInput } from '@tsunagu/contracts';
import { DatePicker } from '@/ui/date-picker';
import { Select } from '@/ui/select';

/** How a funnel counts (in order or not, within how many days) and which friends it counts. */
export function FunnelCountingFields({
  input,
  choices,
  onChange,
}: {
  input: FunnelInput;
  choices: FunnelChoices | undefined;
  onChange: (input: FunnelInput) => void;
}) {
  return (
    <>
      <fieldset className="funnel-editor__options">
        <legend>数え方</legend>
        <label>
          <input
            type="radio"
            name="ordered"
            checked={input.ordered}
            onChange={() => onChange({ ...input, ordered: true })}
          />
          順番どおり
        </label>
        <label>
          <input
            type="radio"
            name="ordered"
            checked={!input.ordered}
            onChange={() => onChange({ ...input, ordered: false })}
          />
          順不同
        </label>
        <label>
          最初のステップから
          <input
            className="text-field__input funnel-editor__number"
            type="number"
            min={1}
            max={365}
            aria-label="期間（日）"
            value={input.window_days ?? ''}
            onChange={(event) =>
              onChange({
                ...input,
                window_days: event.target.value === '' ? null : Number(event.target.value),
              })
            }
          />
          日以内（空欄は無制限）
        </label>
      </fieldset>
      <fieldset className="funnel-editor__options funnel-editor__cohort">
        <legend>対象の友だち（友だち追加日・流入経路）</legend>
        <DatePicker
          label="友だち追加日（から）"
          value={input.cohort.followed_from ?? ''}
          onChange={(date) =>
            onChange({ ...input, cohort: { ...input.cohort, followed_from: date || null } })
          }
        />
        〜
        <DatePicker
          label="友だち追加日（まで）"
          value={input.cohort.followed_to ?? ''}
          onChange={(date) =>
            onChange({ ...input, cohort: { ...input.cohort, followed_to: date || null } })
          }
        />
        <Select
          label="流入経路"
          value={input.cohort.tracker_id ?? 0}
          options={[
            { value: 0, name: 'すべての友だち' },
            ...(choices?.trackers ?? []).map((tracker) => ({
              value: tracker.id,
              name: tracker.name,
            })),
          ]}
          onChange={(tracker) =>
            onChange({
              ...input,
              cohort: { ...input.cohort, tracker_id: tracker === 0 ? null : tracker },
            })
          }
        />
      </fieldset>
    </>
  );
}
