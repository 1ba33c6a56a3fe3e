/** The messages of one field of the settings form, if any. */
export function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const messages = errors[name];
  if (!messages?.length) return null;
  return (
    <p className="field__error" id={`ai-${name}-error`}>
      {messages.join('\n')}
    </p>
  );
}
