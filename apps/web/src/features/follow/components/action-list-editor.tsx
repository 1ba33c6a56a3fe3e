import { ACTION_TYPE_LABELS, ACTIONS_MAX, type Action, type ActionType } from '@tsunagu/contracts';
import { Select } from '@/ui/select';
import { TextBox } from '@/ui/text-field';
import type { ActionChoices, Choice } from '../api/follow-api';
import { FriendInfoTarget } from './friend-info-target';

/**
 * The types an operator can pick here. Not offered: 'switch_rich_menu' (chosen in the rich menu
 * editor). 'start_episode' starts an episode for the friend, timed from the run (decision 0383).
 */
const EDITABLE: ActionType[] = [
  'send_template',
  'send_text',
  'add_tag',
  'remove_tag',
  'set_friend_info',
  'start_journey',
  'stop_journey',
  'start_episode',
  'notify_operators',
];

function blank(type: ActionType, choices: ActionChoices): Action {
  const first = (list: Choice[]) => list[0]?.id ?? 0;
  switch (type) {
    case 'send_template':
      return { type, template_id: first(choices.templates) };
    case 'add_tag':
    case 'remove_tag':
      return { type, tag_id: first(choices.tags) };
    case 'start_journey':
    case 'stop_journey':
      return { type, journey_id: first(choices.journeys) };
    case 'start_episode':
      return { type, episode_id: first(choices.episodes) };
    case 'notify_operators':
      return { type, text: '' };
    case 'set_friend_info':
      return { type, var_id: first(choices.varia), value: '' };
    default:
      return { type: 'send_text', text: '' };
  }
}

/** The target of one action: a pick from the account's rows, or a text. */
function Target(props: {
  action: Action;
  index: number;
  choices: ActionChoices;
  errors: Record<string, string[]>;
  onChange: (action: Action) => void;
}) {
  const { action, index, choices, onChange } = props;
  const error = (field: string) => props.errors[`actions.${index}.${field}`]?.[0];
  const pick = (
    label: string,
    list: Choice[],
    value: number,
    set: (id: number) => Action,
    field: string,
  ) => (
    <div className="follow-action__target">
      <Select
        label={label}
        options={list.map(({ id, name }) => ({ value: id, name }))}
        value={list.some((item) => item.id === value) ? value : null}
        placeholder="選んでください"
        onChange={(id) => onChange(set(id))}
        invalid={error(field) !== undefined}
      />
      {error(field) ? <p className="field__error">{error(field)}</p> : null}
    </div>
  );
  switch (action.type) {
    case 'send_template':
      return pick(
        'テンプレート',
        choices.templates,
        action.template_id,
        (id) => ({ ...action, template_id: id }),
        'template_id',
      );
    case 'add_tag':
    case 'remove_tag':
      return pick(
        'タグ',
        choices.tags,
        action.tag_id,
        (id) => ({ ...action, tag_id: id }),
        'tag_id',
      );
    case 'start_journey':
    case 'stop_journey':
      return pick(
        'ジャーニー',
        choices.journeys,
        action.journey_id,
        (id) => ({ ...action, journey_id: id }),
        'journey_id',
      );
    case 'start_episode':
      return pick(
        'エピソード',
        choices.episodes,
        action.episode_id,
        (id) => ({ ...action, episode_id: id }),
        'episode_id',
      );
    case 'set_friend_info':
      return (
        <FriendInfoTarget action={action} varia={choices.varia} error={error} onChange={onChange} />
      );
    case 'send_text':
    case 'notify_operators':
      return (
        <div className="follow-action__target">
          <TextBox
            aria-label={action.type === 'send_text' ? '送るテキスト' : '通知の内容'}
            value={action.text}
            maxLength={action.type === 'send_text' ? 5000 : 500}
            onChange={(text) => onChange({ ...action, text })}
          />
          {error('text') ? <p className="field__error">{error('text')}</p> : null}
        </div>
      );
    default:
      return <p className="text-muted">この種類はここでは編集できません</p>;
  }
}

/**
 * An ordered list of actions (issue 25's one action model): each row a type and its target,
 * moved up and down, removed; up to 20. Used by the follow settings, later by action sets and
 * rich menu areas.
 */
export function ActionListEditor(props: {
  actions: readonly Action[];
  choices: ActionChoices;
  errors: Record<string, string[]>;
  onChange: (actions: Action[]) => void;
}) {
  const { actions, choices, onChange } = props;
  const set = (index: number, action: Action) =>
    onChange(actions.map((old, i) => (i === index ? action : old)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...actions];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <div className="follow-actions">
      {actions.length === 0 ? <p className="text-muted">アクションはまだありません</p> : null}
      <ol className="follow-actions__list">
        {actions.map((action, index) => (
          <li key={index} className="follow-action" data-testid="follow-action">
            <span className="follow-action__number">{index + 1}</span>
            <div className="follow-action__type">
              <Select
                label="アクションの種類"
                options={(EDITABLE.includes(action.type)
                  ? EDITABLE
                  : [...EDITABLE, action.type]
                ).map((type) => ({ value: type, name: ACTION_TYPE_LABELS[type] }))}
                value={action.type}
                onChange={(type) => set(index, blank(type, choices))}
              />
            </div>
            <Target
              action={action}
              index={index}
              choices={choices}
              errors={props.errors}
              onChange={(next) => set(index, next)}
            />
            <div className="follow-action__buttons">
              <button
                type="button"
                className="btn"
                aria-label={`${index + 1}番目を上へ`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn"
                aria-label={`${index + 1}番目を下へ`}
                disabled={index === actions.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn--danger"
                aria-label={`${index + 1}番目を削除`}
                onClick={() => onChange(actions.filter((_, i) => i !== index))}
              >
                削除
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn"
        disabled={actions.length >= ACTIONS_MAX}
        onClick={() => onChange([...actions, blank('add_tag', choices)])}
      >
        アクションを追加
      </button>
    </div>
  );
}
