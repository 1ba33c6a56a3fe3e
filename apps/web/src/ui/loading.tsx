/** DEC-01: 'Loading...' is shown as 読み込み中... */
export function Loading({ label = '読み込み中...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}
