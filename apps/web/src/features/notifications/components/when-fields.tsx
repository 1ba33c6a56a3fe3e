import { DatePicker } from '@/ui/date-picker';
import { FieldError } from '@/ui/field-error';
import { TimePicker } from '@/ui/time-picker';
import type { NotificationDraft } from './draft';
import { NotificationRadios } from './notification-radios';

const WHEN_LABELS = { now: '今すぐ配信', scheduled: '日時を指定（日本時間）' } as const;

/** When the notification goes out: now, or a Tokyo date and time. */
export function WhenFields({
  draft,
  onChange: change,
  errors,
}: {
  draft: NotificationDraft;
  onChange: (next: Partial<NotificationDraft>) => void;
  errors: Record<string, string[]>;
}) {
  return (
    <fieldset className="fieldset notification-group notification-when">
      <legend className="field__label">配信日時</legend>
      <NotificationRadios
        name="when"
        labels={WHEN_LABELS}
        value={draft.when}
        onChange={(when) => change({ when })}
      />
      {draft.when === 'scheduled' ? (
        <div className="notification-when__pickers">
          <DatePicker
            label="配信日"
            value={draft.date}
            clearable={false}
            onChange={(date) => change({ date })}
          />
          <TimePicker
            label="配信時刻"
            value={draft.time}
            clearable={false}
            onChange={(time) => change({ time })}
          />
        </div>
      ) : null}
      <FieldError id="notification-send-at-error" messages={errors.send_at} />
    </fieldset>
  );
}
