import { useCallback, useEffect, useRef } from 'react';

/** CONST-02: the typed prefix is forgotten this long after the last key. */
export const TYPE_AHEAD_RESET_MS = 350;

/**
 * The option a typed prefix points at. Repeating one character ("ささ") cycles through the
 * names starting with it, as native selects do; otherwise the first name after `from` (wrapping)
 * that starts with the prefix. Case- and width-insensitive.
 */
export function typeAheadIndex(names: readonly string[], typed: string, from: number): number {
  const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase('ja');
  const prefix = fold(typed);
  if (prefix === '') return -1;
  const repeated = [...prefix].every((char) => char === prefix[0]);
  const wanted = repeated ? prefix[0]! : prefix;
  const start = repeated ? from + 1 : from;
  for (let step = 0; step < names.length; step += 1) {
    const index = (((start + step) % names.length) + names.length) % names.length;
    if (fold(names[index] ?? '').startsWith(wanted)) return index;
  }
  return -1;
}

/** Accumulates typed characters and forgets them after 350 ms of quiet (CONST-02). */
export function useTypeAhead(): (char: string) => string {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((char: string) => {
    clearTimeout(timer.current);
    buffer.current += char;
    timer.current = setTimeout(() => {
      buffer.current = '';
    }, TYPE_AHEAD_RESET_MS);
    return buffer.current;
  }, []);
}
