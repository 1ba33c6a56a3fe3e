export { Select, SELECT_MAX_HEIGHT_PX, type SelectOption, type SelectProps } from './select';
export { TYPE_AHEAD_RESET_MS, typeAheadIndex } from './type-ahead';
