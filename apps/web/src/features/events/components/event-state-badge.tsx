import { EVENT_STATE_LABELS, type EventState } from '@tsunagu/contracts';

/** 下書き / 受付中 / 締切 / 終了 as a coloured tag. */
export function EventStateBadge({ state }: { state: EventState }) {
  return <span className={`ev-state ev-state--${state}`}>{EVENT_STATE_LABELS[state]}</span>;
}
