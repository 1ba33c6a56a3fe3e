type SwitchRowProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  /** Saving: the switch shows the new state and waits for the server's answer. */
  busy: boolean;
  canWrite: boolean;
  status: string;
  onChange: (value: boolean) => void;
};

/** One on/off setting; read-only operators see its state as text. */
export function SwitchRow(props: SwitchRowProps) {
  const { id, label, description, checked, busy, canWrite, status, onChange } = props;
  const state = checked ? 'オン' : 'オフ';
  return (
    <div className="settings-switch">
      <div className="settings-switch__text">
        <span className="settings-switch__label" id={`${id}-label`}>
          {label}
        </span>
        <span className="text-muted" id={`${id}-description`}>
          {description}
        </span>
      </div>
      <div className="settings-switch__control">
        {canWrite ? (
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={checked}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-description`}
            aria-busy={busy}
            disabled={busy}
            onClick={() => onChange(!checked)}
          >
            <span className="switch__track" aria-hidden="true">
              <span className="switch__thumb" />
            </span>
            <span className="switch__state">{state}</span>
          </button>
        ) : (
          <span className={`settings-state settings-state--${checked ? 'on' : 'off'}`}>
            {state}
          </span>
        )}
        <span className="settings-switch__status" role="status">
          {status}
        </span>
      </div>
    </div>
  );
}
