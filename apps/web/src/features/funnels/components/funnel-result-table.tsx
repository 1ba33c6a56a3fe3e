import { funnelStepLabel, type FunnelChoices, type FunnelResult } from '@tsunagu/contracts';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** What a count can become (decision 0430): its friends, a segment, a お知らせ to them. */
export type FunnelCountAction = 'friends' | 'segment' | 'notification';
const ACTIONS: [FunnelCountAction, string][] = [
  ['friends', '友だち一覧'],
  ['segment', 'セグメントにする'],
  ['notification', 'お知らせを作成'],
];

/** A count with its menu: a disclosure (`details`), so it works by keyboard and at 390 px. */
function CountMenu(props: {
  label: string;
  text: string;
  actions: readonly FunnelCountAction[];
  onAction: (action: FunnelCountAction) => void;
}) {
  return (
    <details className="funnel-count">
      <summary aria-label={props.label}>{props.text}</summary>
      <ul className="funnel-count__menu">
        {ACTIONS.filter(([action]) => props.actions.includes(action)).map(([action, name]) => (
          <li key={action}>
            <button
              type="button"
              className="link-button"
              onClick={(event) => {
                event.currentTarget.closest('details')?.removeAttribute('open');
                props.onAction(action);
              }}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The result table (issue 30): per step, friends reached and not reached with the rate, a bar
 * and the goal; a count opens a menu (when the funnel is saved): its friends, a segment of them,
 * a お知らせ to them (decision 0430).
 */
export function FunnelResultTable({
  result,
  choices,
  actions = ['friends', 'segment', 'notification'],
  onOpen,
}: {
  result: FunnelResult;
  choices: FunnelChoices | undefined;
  /** The menu's choices the operator may take. */
  actions?: readonly FunnelCountAction[];
  onOpen?: (step: number, reached: boolean, action: FunnelCountAction) => void;
}) {
  const count = (value: number, step: number, reached: boolean) => {
    const text = `${value.toLocaleString('ja-JP')}人`;
    if (!onOpen) return text;
    return (
      <CountMenu
        label={`ステップ${step}の${reached ? '到達' : '未到達'} ${text}`}
        text={text}
        actions={actions}
        onAction={(action) => onOpen(step, reached, action)}
      />
    );
  };
  return (
    <table className="funnel-result">
      <caption>対象の友だち {result.cohort.toLocaleString('ja-JP')}人</caption>
      <thead>
        <tr>
          <th scope="col">ステップ</th>
          <th scope="col">到達</th>
          <th scope="col">未到達</th>
          <th scope="col">到達率</th>
          <th scope="col">目標</th>
        </tr>
      </thead>
      <tbody>
        {result.steps.map((step) => {
          const missed = step.goal !== null && step.rate !== null && step.rate < step.goal;
          return (
            <tr key={step.step}>
              <th scope="row">
                {step.step}. {funnelStepLabel(step, choices)}
                <span className="funnel-result__bar" aria-hidden="true">
                  <span style={{ width: `${step.rate ?? 0}%` }} />
                </span>
              </th>
              <td data-label="到達">{count(step.reached, step.step, true)}</td>
              <td data-label="未到達">{count(step.not_reached, step.step, false)}</td>
              <td data-label="到達率">
                {percent(step.rate)}
                {step.step > 1 ? (
                  <span className="text-muted">（前から {percent(step.step_rate)}）</span>
                ) : null}
              </td>
              <td data-label="目標" className={missed ? 'funnel-result__missed' : undefined}>
                {step.goal === null ? '—' : `${step.goal}%${missed ? '（未達）' : '（達成）'}`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
