import {
  calendarWeeks,
  formatDateValue,
  weekdayOfDateValue,
  type OpeningConfig,
  type OpeningDay,
} from '@tsunagu/contracts';

export const WEEKDAY_NAMES = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** What the calendar edits: the year's weekday hours and its per-date entries (RSV-14/15). */
export type OpeningDraft = {
  weekdays: OpeningDay[];
  dates: Record<string, OpeningDay>;
};

export function toDraft(config: Pick<OpeningConfig, 'weekdays' | 'dates'>): OpeningDraft {
  return { weekdays: config.weekdays.map((day) => ({ ...day })), dates: { ...config.dates } };
}

export type DayKind = 'weekday' | 'special' | 'closed';

/** RSV-15: the date's own entry first, else its weekday's hours. */
export function dayOf(draft: OpeningDraft, date: string): { kind: DayKind; day: OpeningDay } {
  const own = draft.dates[date];
  const weekday = draft.weekdays[weekdayOfDateValue(date)] ?? CLOSED_DAY;
  if (!own) return { kind: 'weekday', day: weekday };
  return { kind: own.is_open ? 'special' : 'closed', day: own };
}

export const CLOSED_DAY: OpeningDay = { is_open: false, from: '10:00', to: '20:00' };

/** Sets (or, with null, removes) the date's own entry. */
export function withDate(draft: OpeningDraft, date: string, day: OpeningDay | null): OpeningDraft {
  const { [date]: _old, ...rest } = draft.dates;
  return { ...draft, dates: day ? { ...rest, [date]: day } : rest };
}

export function withWeekday(draft: OpeningDraft, index: number, day: OpeningDay): OpeningDraft {
  return { ...draft, weekdays: draft.weekdays.map((old, i) => (i === index ? day : old)) };
}

/** The date values of a month's weeks (Sunday first), null outside the month. */
export function monthCells(year: number, month: number): (string | null)[][] {
  return calendarWeeks(year, month)
    .map((week) => week.map((date) => (date.month === month ? formatDateValue(date) : null)))
    .filter((week) => week.some(Boolean));
}

/** `2030-04-15` → 4月15日(月). */
export function dateLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${month}月${day}日(${WEEKDAY_NAMES[weekdayOfDateValue(date)]})`;
}

export function hoursText(day: OpeningDay): string {
  return day.is_open ? `${day.from}〜${day.to}` : '休業';
}
