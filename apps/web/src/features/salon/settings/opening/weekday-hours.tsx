import type { FieldErrors, OpeningDay } from '@tsunagu/contracts';
import { FieldError } from '@/ui/field-error';
import { TimePicker } from '@/ui/time-picker';
import { WEEKDAY_NAMES, hoursText } from './opening-model';

type WeekdayHoursProps = {
  weekdays: readonly OpeningDay[];
  errors: FieldErrors;
  canWrite: boolean;
  onChange: (index: number, day: OpeningDay) => void;
};

/** The hours of each weekday, Sunday first as the server stores them (index 0 = Sunday). */
export function WeekdayHours({ weekdays, errors, canWrite, onChange }: WeekdayHoursProps) {
  return (
    <ul className="opening-weekdays">
      {weekdays.map((day, index) => {
        const name = `${WEEKDAY_NAMES[index]}曜日`;
        const messages = [
          ...(errors[`weekdays.${index}.from`] ?? []),
          ...(errors[`weekdays.${index}.to`] ?? []),
          ...(errors[`weekdays.${index}`] ?? []),
        ];
        return (
          <li key={name} className="opening-weekday">
            <span className={`opening-weekday__name opening-month__wd--${index}`}>{name}</span>
            {canWrite ? (
              <>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={day.is_open}
                    aria-label={`${name}に営業する`}
                    onChange={(event) => onChange(index, { ...day, is_open: event.target.checked })}
                  />
                  営業
                </label>
                {day.is_open ? (
                  <span className="opening-weekday__times">
                    <TimePicker
                      label={`${name}の開始`}
                      value={day.from}
                      clearable={false}
                      onChange={(from) => onChange(index, { ...day, from })}
                    />
                    <span aria-hidden="true">〜</span>
                    <TimePicker
                      label={`${name}の終了`}
                      value={day.to}
                      clearable={false}
                      onChange={(to) => onChange(index, { ...day, to })}
                    />
                  </span>
                ) : (
                  <span className="text-muted">定休日</span>
                )}
              </>
            ) : (
              <span>{day.is_open ? hoursText(day) : '定休日'}</span>
            )}
            <FieldError id={`weekday-${index}-error`} messages={messages} />
          </li>
        );
      })}
    </ul>
  );
}
