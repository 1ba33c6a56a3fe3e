import type { UploadProgress } from '@/lib/api-upload';

/** While the file is sent: how much of it; once sent, the server still reads every row. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const total = progress?.total ?? null;
  const percent = total ? Math.min(100, Math.round(((progress?.loaded ?? 0) * 100) / total)) : null;
  const sent = percent === 100;
  const label = sent
    ? 'サーバーで内容を確認しています...'
    : percent === null
      ? 'アップロード中...'
      : `アップロード中... ${percent}%`;
  return (
    <div className="tel-progress" role="status" aria-live="polite">
      <span>{label}</span>
      {/* No value (indeterminate) before the size is known and while the server works. */}
      <progress
        aria-label="アップロードの進み具合"
        max={100}
        value={sent ? undefined : (percent ?? undefined)}
      />
    </div>
  );
}
