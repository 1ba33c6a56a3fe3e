import type { KeyboardEvent } from 'react';

/**
 * UI-07: Enter that confirms an IME conversion (日本語入力) is not a real Enter. Chrome and
 * Firefox say so with `isComposing`; Safari fires the keydown after compositionend with keyCode
 * 229, so both are checked, plus the caller's own composition flag.
 */
export function isPlainEnter(event: KeyboardEvent, composing = false): boolean {
  return (
    event.key === 'Enter' && !composing && !event.nativeEvent.isComposing && event.keyCode !== 229
  );
}
