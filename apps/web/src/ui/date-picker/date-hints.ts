import type { CalendarDate } from './calendar-date';
import { formatDateDisplay, type TypedDate } from './date-format';

/** The visible reason a typed date was refused; the previous value stays. */
export function dateHint(
  typed: TypedDate,
  min: CalendarDate | null,
  max: CalendarDate | null,
): string {
  if (typed.kind === 'impossible') {
    return typed.reason === 'weekday-mismatch'
      ? '曜日が日付と合っていません'
      : '存在しない日付です。前の値のままにしました';
  }
  if (typed.kind === 'unrecognised') {
    return '日付は 2024/05/01、2024-5-1、2024年5月1日 の形で入力してください';
  }
  const from = min ? formatDateDisplay(min) : '';
  const to = max ? formatDateDisplay(max) : '';
  if (min && max) return `${from}〜${to} の日付を入力してください`;
  if (min) return `${from} 以降の日付を入力してください`;
  return `${to} 以前の日付を入力してください`;
}
