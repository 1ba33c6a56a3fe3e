import { TRIGGER_ACTION_LABELS, type Trigger, type TriggerAction } from '@tsunagu/contracts';
import type { TargetChoices } from '../api/target-choices';

type Props = {
  trigger: Trigger;
  choices: TargetChoices | undefined;
  canWrite: boolean;
  /** The action whose switch is waiting for the server. */
  switching: number | null;
  onEdit: () => void;
  onDelete: () => void;
  onAddAction: () => void;
  onEditAction: (action: TriggerAction) => void;
  onDeleteAction: (action: TriggerAction) => void;
  onSwitch: (action: TriggerAction, active: boolean) => void;
};

const nameIn = (list: { id: number; name: string }[] | undefined, id: number | null) =>
  id === null ? null : (list?.find((item) => item.id === id)?.name ?? `（削除済み #${id}）`);

/** One trigger: the event it listens to and its actions, each switchable (TRG-08/09). */
export function TriggerCard(props: Props) {
  const { trigger, choices, canWrite, switching } = props;
  const actions = trigger.open_api_trigger_actions;
  return (
    <section className="trigger-card" aria-label={trigger.name}>
      <header className="trigger-card__header">
        <h2 className="trigger-card__name">{trigger.name}</h2>
        <code className="trigger-card__event">event: {trigger.event}</code>
        {canWrite ? (
          <span className="trigger-card__tools">
            <button type="button" className="btn btn--small" onClick={props.onEdit}>
              編集
            </button>
            <button type="button" className="btn btn--small btn--danger" onClick={props.onDelete}>
              削除
            </button>
          </span>
        ) : null}
      </header>
      {actions.length === 0 ? (
        <p className="text-muted">アクションはまだありません</p>
      ) : (
        <ul className="trigger-actions">
          {actions.map((action) => {
            const target = nameIn(choices?.[action.action_type], action.action_id);
            const segment = nameIn(choices?.segments, action.member_query_id);
            const state = action.is_active ? '有効' : '無効';
            return (
              <li key={action.id} className="trigger-action">
                <div className="trigger-action__text">
                  <span className="trigger-action__name">{action.name}</span>
                  <span className="text-muted">
                    {target === null
                      ? '記録のみ'
                      : `${TRIGGER_ACTION_LABELS[action.action_type]}：${target}`}
                    {' ／ '}
                    {segment === null ? 'すべての友だち' : `セグメント「${segment}」`}
                  </span>
                </div>
                {canWrite ? (
                  <span className="trigger-action__tools">
                    <button
                      type="button"
                      role="switch"
                      className="switch"
                      aria-checked={action.is_active}
                      aria-label={`「${action.name}」を有効にする`}
                      aria-busy={switching === action.id}
                      disabled={switching === action.id}
                      onClick={() => props.onSwitch(action, !action.is_active)}
                    >
                      <span className="switch__track" aria-hidden="true">
                        <span className="switch__thumb" />
                      </span>
                      <span className="switch__state">{state}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`「${action.name}」を編集`}
                      onClick={() => props.onEditAction(action)}
                    >
                      編集
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`「${action.name}」を削除`}
                      onClick={() => props.onDeleteAction(action)}
                    >
                      削除
                    </button>
                  </span>
                ) : (
                  <span
                    className={`trigger-state trigger-state--${action.is_active ? 'on' : 'off'}`}
                  >
                    {state}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canWrite ? (
        <button type="button" className="btn btn--small" onClick={props.onAddAction}>
          ＋アクションを追加
        </button>
      ) : null}
    </section>
  );
}
