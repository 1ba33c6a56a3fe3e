import { OPEN_API_ACTION_RESULT_LABELS } from '@tsunagu/contracts';
import { errorText } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { Loading } from '@/ui/loading';
import { useEvents } from '../api/triggers-api';

/** TRG-11: the events external systems sent, newest first, with what each action did. */
export function EventLogSection() {
  const events = useEvents();
  return (
    <section className="trigger-section" aria-labelledby="event-log-title">
      <div className="trigger-section__header">
        <h2 id="event-log-title">受信したイベント</h2>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void events.refetch()}
          disabled={events.isFetching}
        >
          再読み込み
        </button>
      </div>
      {events.isPending ? (
        <Loading />
      ) : events.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(events.error)}
        </p>
      ) : events.data.length === 0 ? (
        <p className="text-muted">イベントはまだ届いていません</p>
      ) : (
        <ul className="event-log">
          {events.data.map((event) => (
            <li key={event.id} className="event-log__item">
              <div className="event-log__head">
                <time dateTime={event.received_at}>{formatTokyoDateTime(event.received_at)}</time>
                <code>{event.event}</code>
                {event.label ? <span>{event.label}</span> : null}
                <span className="text-muted">
                  {event.friend_name ?? (event.friend_id === null ? '友だちが見つかりません' : '')}
                </span>
                {event.key_name ? <span className="text-muted">キー: {event.key_name}</span> : null}
              </div>
              {event.actions.length > 0 ? (
                <ul className="event-log__actions">
                  {event.actions.map((action) => (
                    <li key={action.trigger_action_id}>
                      {action.name}：{OPEN_API_ACTION_RESULT_LABELS[action.result]}
                    </li>
                  ))}
                </ul>
              ) : null}
              {Object.keys(event.params).length > 0 ? (
                <details>
                  <summary>params</summary>
                  <pre className="event-log__params">{JSON.stringify(event.params, null, 2)}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
