import { EVENT_LIMITS, EVENT_TEXT_FIELDS, type EventReminder } from '@tsunagu/contracts';

type Errors = Record<string, string[]>;

const DAY_BEFORE: EventReminder = {
  kind: 'day_before_at',
  days_before: 1,
  at: '18:00',
  text: '{友だち名}さん、明日は{イベント名}です。\n日時：{日時}\n場所：{場所}',
};
const HOUR_BEFORE: EventReminder = {
  kind: 'minutes_before',
  minutes_before: 60,
  text: 'まもなく{イベント名}が始まります（{日時}）。',
};

/** A text box with the event's insertable fields as buttons ({イベント名} {日時} {場所} {友だち名}). */
export function InsertableText(props: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        rows={3}
        maxLength={EVENT_LIMITS.reminderTextMax}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <div className="ev-line">
        {EVENT_TEXT_FIELDS.map((field) => (
          <button
            key={field}
            type="button"
            className="btn btn--small"
            aria-label={`${props.label}に${field}を差し込む`}
            onClick={() => props.onChange(`${props.value}${field}`)}
          >
            {field}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Reminders pushed by LINE before a slot: the day before at a time, or some minutes before the
 * start, each with its text and the event's details insertable.
 */
export function RemindersEditor(props: {
  reminders: EventReminder[];
  errors: Errors;
  onChange: (reminders: EventReminder[]) => void;
}) {
  const { reminders, errors, onChange } = props;
  const set = (index: number, reminder: EventReminder) =>
    onChange(reminders.map((old, at) => (at === index ? reminder : old)));
  const errorsOf = (index: number) =>
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`reminders.${index}.`))
      .flatMap(([, messages]) => messages);
  return (
    <fieldset>
      <legend>リマインダー</legend>
      {reminders.length === 0 ? <p className="text-muted">リマインダーはありません</p> : null}
      {reminders.map((reminder, index) => (
        <div key={index} className="ev-slot-card" data-testid="event-reminder">
          <div className="ev-line">
            <div className="field">
              <label className="field__label" htmlFor={`ev-r${index}-kind`}>
                タイミング
              </label>
              <select
                id={`ev-r${index}-kind`}
                value={reminder.kind}
                onChange={(event) =>
                  set(index, {
                    ...(event.target.value === 'day_before_at' ? DAY_BEFORE : HOUR_BEFORE),
                    text: reminder.text,
                  })
                }
              >
                <option value="day_before_at">日数前の時刻</option>
                <option value="minutes_before">開始の前</option>
              </select>
            </div>
            {reminder.kind === 'day_before_at' ? (
              <>
                <div className="field">
                  <label className="field__label" htmlFor={`ev-r${index}-days`}>
                    何日前
                  </label>
                  <input
                    id={`ev-r${index}-days`}
                    type="number"
                    min={0}
                    max={30}
                    value={reminder.days_before}
                    onChange={(event) =>
                      set(index, { ...reminder, days_before: Number(event.target.value) })
                    }
                  />
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`ev-r${index}-at`}>
                    時刻
                  </label>
                  <input
                    id={`ev-r${index}-at`}
                    type="time"
                    value={reminder.at}
                    onChange={(event) => set(index, { ...reminder, at: event.target.value })}
                  />
                </div>
              </>
            ) : (
              <div className="field">
                <label className="field__label" htmlFor={`ev-r${index}-minutes`}>
                  何分前
                </label>
                <input
                  id={`ev-r${index}-minutes`}
                  type="number"
                  min={5}
                  max={10080}
                  step={5}
                  value={reminder.minutes_before}
                  onChange={(event) =>
                    set(index, { ...reminder, minutes_before: Number(event.target.value) })
                  }
                />
              </div>
            )}
            <button
              type="button"
              className="btn btn--small btn--danger"
              aria-label={`リマインダー${index + 1}を削除`}
              onClick={() => onChange(reminders.filter((_, at) => at !== index))}
            >
              削除
            </button>
          </div>
          <InsertableText
            id={`ev-r${index}-text`}
            label={`リマインダー${index + 1}の文面`}
            value={reminder.text}
            onChange={(text) => set(index, { ...reminder, text })}
          />
          {errorsOf(index).length > 0 ? (
            <p className="field__error">{errorsOf(index).join('\n')}</p>
          ) : null}
        </div>
      ))}
      {errors.reminders ? <p className="field__error">{errors.reminders.join('\n')}</p> : null}
      <div className="ev-line">
        <button
          type="button"
          className="btn btn--small"
          disabled={reminders.length >= EVENT_LIMITS.remindersMax}
          onClick={() => onChange([...reminders, DAY_BEFORE])}
        >
          前日のリマインダーを追加
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={reminders.length >= EVENT_LIMITS.remindersMax}
          onClick={() => onChange([...reminders, HOUR_BEFORE])}
        >
          1時間前のリマインダーを追加
        </button>
      </div>
    </fieldset>
  );
}
