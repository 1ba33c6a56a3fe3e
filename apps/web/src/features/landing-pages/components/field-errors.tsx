import { isApiError } from '@/lib/api-error';

/** The server's 422 field errors as one list (each names its field, e.g. blocks.2.form_id). */
export function FieldErrorList({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = isApiError(error) ? Object.entries(error.fieldErrors) : [];
  return (
    <div className="notice notice--error" role="alert">
      <p>{error instanceof Error ? error.message : '保存できませんでした'}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map(([field, messages]) => (
            <li key={field}>
              {field}: {messages.join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
