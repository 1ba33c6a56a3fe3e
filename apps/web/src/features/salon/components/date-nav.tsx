import { DatePicker } from '@/ui/date-picker';
import { addDaysToDateValue, mondayOfDateValue, todayInTokyo } from '@tsunagu/contracts';
import { formatLongDateJa } from '../utils/dates';

type DateNavProps = {
  date: string;
  /** 'week' moves a week at a time and names the week. */
  unit: 'day' | 'week';
  onChange: (date: string) => void;
};

/** Previous / today / next and a date picker; every step goes into the URL (back works). */
export function DateNav({ date, unit, onChange }: DateNavProps) {
  const step = unit === 'week' ? 7 : 1;
  const monday = mondayOfDateValue(date);
  return (
    <div className="salon-date-nav" role="group" aria-label="日付の移動">
      <button
        type="button"
        className="btn"
        onClick={() => onChange(addDaysToDateValue(date, -step))}
      >
        {unit === 'week' ? '前の週' : '前日'}
      </button>
      <button type="button" className="btn" onClick={() => onChange(todayInTokyo())}>
        {unit === 'week' ? '今週' : '今日'}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => onChange(addDaysToDateValue(date, step))}
      >
        {unit === 'week' ? '次の週' : '翌日'}
      </button>
      <div className="salon-date-nav__picker">
        <DatePicker label="表示する日" value={date} clearable={false} onChange={onChange} />
      </div>
      <p className="salon-date-nav__label" aria-live="polite">
        {unit === 'week'
          ? `${formatLongDateJa(monday)} 〜 ${formatLongDateJa(addDaysToDateValue(monday, 6))}`
          : formatLongDateJa(date)}
      </p>
    </div>
  );
}
