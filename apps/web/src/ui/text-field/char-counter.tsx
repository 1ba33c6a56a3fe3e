/**
 * UI-05: the number of characters typed, and the maximum when there is one. Counted as the
 * string's length, the same measure the zod schemas (and so the server) use for their limits.
 */
export function CharCounter({ id, length, max }: { id: string; length: number; max?: number }) {
  const over = max !== undefined && length > max;
  return (
    <p id={id} className={`char-counter${over ? ' char-counter--over' : ''}`}>
      {max === undefined ? `${length}文字` : `${length} / ${max}`}
      {over ? <span className="char-counter__over">（{length - max}文字超過）</span> : null}
    </p>
  );
}
