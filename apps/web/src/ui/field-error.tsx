/** Field messages from the client schema or a 422 answer, tied to their input by id. */
export function FieldError({ id, messages }: { id: string; messages?: readonly string[] }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="field__error">
      {messages.join('\n')}
    </p>
  );
}
