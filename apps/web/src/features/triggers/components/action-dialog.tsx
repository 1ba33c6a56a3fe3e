import {
  TRIGGER_ACTION_LABELS,
  TRIGGER_ACTION_TYPES,
  TRIGGER_NAME_MAX,
  type TriggerAction,
  type TriggerActionInput,
  type TriggerActionType,
} from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { isApiError, refusalText } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import type { TargetChoices } from '../api/target-choices';

type Props = {
  /** The action to edit, or null for a new one. */
  action: TriggerAction | null;
  choices: TargetChoices;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (input: TriggerActionInput) => void;
};

const RECORD_ONLY = '';
const EVERY_FRIEND = '';

/** TRG-06/07: what the action does and for whom; the server's 422s under their fields. */
export function ActionDialog(props: Props) {
  const { action, choices, busy, error, onClose, onSave } = props;
  const id = useId();
  const [name, setName] = useState(action?.name ?? '');
  const [type, setType] = useState<TriggerActionType>(action?.action_type ?? 'journey');
  const [target, setTarget] = useState(action?.action_id ? String(action.action_id) : RECORD_ONLY);
  const [segment, setSegment] = useState(
    action?.member_query_id ? String(action.member_query_id) : EVERY_FRIEND,
  );
  const errors = isApiError(error) ? error.fieldErrors : {};
  const formError = error && Object.keys(errors).length === 0 ? refusalText(error) : null;
  const targets = choices[type];

  return (
    <Dialog open title={action ? 'アクションの編集' : 'アクションの追加'} onClose={onClose}>
      <form
        className="form trigger-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave({
            name,
            action_type: type,
            action_id: target === RECORD_ONLY ? null : Number(target),
            member_query_id: segment === EVERY_FRIEND ? null : Number(segment),
            is_active: action?.is_active ?? true,
          });
        }}
      >
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>アクション名</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={TRIGGER_NAME_MAX}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${id}-name-error`}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id={`${id}-name-error`} messages={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>すること</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) => {
              setType(event.target.value as TriggerActionType);
              setTarget(RECORD_ONLY);
            }}
          >
            {TRIGGER_ACTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {TRIGGER_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-target`}>対象</label>
          <select
            id={`${id}-target`}
            value={target}
            aria-invalid={errors.action_id ? true : undefined}
            aria-describedby={`${id}-target-error`}
            onChange={(event) => setTarget(event.target.value)}
          >
            <option value={RECORD_ONLY}>（記録のみ・何もしない）</option>
            {targets.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-target-error`} messages={errors.action_id} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-segment`}>対象の友だち</label>
          <select
            id={`${id}-segment`}
            value={segment}
            aria-invalid={errors.member_query_id ? true : undefined}
            aria-describedby={`${id}-segment-error`}
            onChange={(event) => setSegment(event.target.value)}
          >
            <option value={EVERY_FRIEND}>すべての友だち</option>
            {choices.segments.map((choice) => (
              <option key={choice.id} value={choice.id}>
                セグメント「{choice.name}」に当てはまる友だち
              </option>
            ))}
          </select>
          <FieldError id={`${id}-segment-error`} messages={errors.member_query_id} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose}>
            キャンセル
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
