import { isApiError } from '@/lib/api-error';

/** TEL-61: what the server found wrong, line by line (first 100 and the total). */
export function UploadErrors({ error }: { error: unknown }) {
  const message = isApiError(error) ? error.message : 'アップロードできませんでした';
  const lines = isApiError(error) ? Object.values(error.fieldErrors).flat() : [];
  return (
    <div className="notice notice--error" role="alert" aria-label="アップロードのエラー">
      <p className="tel-upload__message">{message}</p>
      {lines.length > 0 ? (
        <ul className="tel-upload__errors">
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
