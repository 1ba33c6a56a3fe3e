export { DatePicker, type DatePickerProps } from './date-picker';
export {
  DEFAULT_DISPLAY_FORMAT,
  formatDateDisplay,
  formatDateValue,
  parseDateValue,
  parseTypedDate,
  type TypedDate,
} from './date-format';
export type { CalendarDate } from './calendar-date';
