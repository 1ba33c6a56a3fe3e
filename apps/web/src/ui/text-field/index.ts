export { TextBox, type TextBoxProps } from './text-box';
export { TextArea, type TextAreaProps } from './text-area';
export { CharCounter } from './char-counter';
