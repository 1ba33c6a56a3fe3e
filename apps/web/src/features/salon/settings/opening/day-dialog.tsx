import { fieldErrorsFromIssues, openingDaySchema, type OpeningDay } from '@tsunagu/contracts';
import { useState } from 'react';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { TimePicker } from '@/ui/time-picker';
import { WEEKDAY_NAMES, dateLabel, dayOf, hoursText, type OpeningDraft } from './opening-model';
import { weekdayOfDateValue } from '@tsunagu/contracts';

type Choice = 'weekday' | 'special' | 'closed';

type DayDialogProps = {
  date: string;
  draft: OpeningDraft;
  holiday?: string;
  onApply: (day: OpeningDay | null) => void;
  onClose: () => void;
};

/** One day of the calendar: its weekday's hours, its own hours, or closed (RSV-15). */
export function DayDialog({ date, draft, holiday, onApply, onClose }: DayDialogProps) {
  const current = dayOf(draft, date);
  const weekday = draft.weekdays[weekdayOfDateValue(date)];
  const [choice, setChoice] = useState<Choice>(current.kind);
  const [hours, setHours] = useState({
    from: current.day.is_open ? current.day.from : (weekday?.from ?? '10:00'),
    to: current.day.is_open ? current.day.to : (weekday?.to ?? '20:00'),
  });
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});

  const apply = () => {
    if (choice === 'weekday') return onApply(null);
    if (choice === 'closed') return onApply({ is_open: false, ...hours });
    const parsed = openingDaySchema.safeParse({ is_open: true, ...hours });
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    onApply(parsed.data);
  };

  const weekdayName = `${WEEKDAY_NAMES[weekdayOfDateValue(date)]}曜日`;
  return (
    <Dialog open title={`${dateLabel(date)}の営業`} onClose={onClose}>
      {holiday ? <p className="opening-dialog__holiday">祝日「{holiday}」</p> : null}
      <fieldset className="settings-radios">
        <legend className="visually-hidden">この日の営業</legend>
        <label className="settings-radio">
          <input
            type="radio"
            name="opening-day"
            checked={choice === 'weekday'}
            onChange={() => setChoice('weekday')}
          />
          <span>
            曜日の設定どおり（{weekdayName} {weekday ? hoursText(weekday) : '休業'}）
          </span>
        </label>
        <label className="settings-radio">
          <input
            type="radio"
            name="opening-day"
            checked={choice === 'special'}
            onChange={() => setChoice('special')}
          />
          <span>この日だけ営業時間を変える</span>
        </label>
        {choice === 'special' ? (
          <div className="opening-dialog__times">
            <TimePicker
              label="この日の開始"
              value={hours.from}
              clearable={false}
              onChange={(from) => setHours((old) => ({ ...old, from }))}
            />
            <span aria-hidden="true">〜</span>
            <TimePicker
              label="この日の終了"
              value={hours.to}
              clearable={false}
              onChange={(to) => setHours((old) => ({ ...old, to }))}
            />
            <FieldError
              id="opening-day-error"
              messages={[...(errors.from ?? []), ...(errors.to ?? [])]}
            />
          </div>
        ) : null}
        <label className="settings-radio">
          <input
            type="radio"
            name="opening-day"
            checked={choice === 'closed'}
            onChange={() => setChoice('closed')}
          />
          <span>休業日</span>
        </label>
      </fieldset>
      <p className="text-muted">「営業時間を保存」を押すまで保存されません。</p>
      <div className="form__actions">
        <button type="button" className="btn" onClick={onClose}>
          キャンセル
        </button>
        <button type="button" className="btn btn--primary" onClick={apply}>
          この日に適用
        </button>
      </div>
    </Dialog>
  );
}
