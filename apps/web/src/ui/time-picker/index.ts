export { TimePicker, type TimePickerProps } from './time-picker';
export { formatTime, parseTimeValue, parseTypedTime, type TimeOfDay } from './time-format';
export { TIME_LIST_HEIGHT_PX } from './time-list';
