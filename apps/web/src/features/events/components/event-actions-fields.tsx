import type { Action } from '@tsunagu/contracts';
import type { ComponentType } from 'react';
import type { EventFieldsProps } from './event-values';

/**
 * The one action model's list editor (the follow settings' one), handed in by the route file
 * because features do not import each other.
 */
export type ActionsEditorProps = {
  actions: Action[];
  errors: Record<string, string[]>;
  onChange: (actions: Action[]) => void;
};
export type ActionsEditor = ComponentType<ActionsEditorProps>;

const ACTION_HOOKS = [
  ['actions_on_booking', '予約したとき'],
  ['actions_on_cancel', 'キャンセルしたとき'],
  ['actions_on_attendance', '出席したとき'],
] as const;

/** The 422's messages of one action list, keyed as the action list editor reads them. */
const actionErrors = (errors: Record<string, string[]>, field: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${field}.`))
      .map(([key, messages]) => [`actions.${key.slice(field.length + 1)}`, messages]),
  );

/** アクション: the one action model's lists run on booking, cancel and attendance. */
export function EventActionsFields({
  values,
  set,
  errors,
  ActionsEditor,
}: EventFieldsProps & { ActionsEditor: ActionsEditor }) {
  return (
    <fieldset>
      <legend>アクション</legend>
      {ACTION_HOOKS.map(([key, label]) => (
        <div key={key} className="field" role="group" aria-label={`${label}のアクション`}>
          <p className="field__label">{label}</p>
          <ActionsEditor
            actions={values[key]}
            errors={actionErrors(errors, key)}
            onChange={(actions) => set(key, actions)}
          />
        </div>
      ))}
    </fieldset>
  );
}
