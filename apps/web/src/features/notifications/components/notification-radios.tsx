/** One choice of the composer's groups (content, audience, when): a radio per label, in order. */
export function NotificationRadios<Value extends string>(props: {
  name: string;
  labels: Record<Value, string>;
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div className="notification-radios">
      {(Object.keys(props.labels) as Value[]).map((value) => (
        <label key={value}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onChange(value)}
          />
          {props.labels[value]}
        </label>
      ))}
    </div>
  );
}
