import { AD_EVENT_KINDS, AD_EVENT_LABELS, type AdEventKind } from '@tsunagu/contracts';

export interface MappingDraft {
  event: AdEventKind;
  name: string;
  value: string;
}

/**
 * Which of our events go to the platform as which of its events, with a value in JPY (sent once
 * per friend). Each row is a small fieldset so its three inputs are named by the event.
 */
export function MappingEditor(props: {
  rows: MappingDraft[];
  onChange: (rows: MappingDraft[]) => void;
  nameLabel: string;
  errors?: readonly string[] | undefined;
}) {
  const { rows, onChange, nameLabel, errors } = props;
  const unused = AD_EVENT_KINDS.filter((kind) => !rows.some((row) => row.event === kind));
  const update = (index: number, patch: Partial<MappingDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="ad-mappings">
      <legend>送る出来事（友だちごとに1回）</legend>
      {rows.length === 0 ? <p className="text-muted">まだ設定がありません。</p> : null}
      {rows.map((row, index) => (
        <div className="ad-mappings__row" key={row.event}>
          <label className="ad-mappings__field">
            <span>出来事</span>
            <select
              className="text-field__input"
              value={row.event}
              onChange={(event) => update(index, { event: event.target.value as AdEventKind })}
            >
              {[row.event, ...unused].map((kind) => (
                <option key={kind} value={kind}>
                  {AD_EVENT_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="ad-mappings__field">
            <span>{nameLabel}</span>
            <input
              className="text-field__input"
              value={row.name}
              onChange={(event) => update(index, { name: event.target.value })}
            />
          </label>
          <label className="ad-mappings__field ad-mappings__value">
            <span>金額（円）</span>
            <input
              className="text-field__input"
              inputMode="numeric"
              value={row.value}
              onChange={(event) => update(index, { value: event.target.value })}
            />
          </label>
          <button
            type="button"
            className="btn btn--small"
            aria-label={`${AD_EVENT_LABELS[row.event]}を外す`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            外す
          </button>
        </div>
      ))}
      {errors && errors.length > 0 ? (
        <p className="field__error" role="alert">
          {errors.join('\n')}
        </p>
      ) : null}
      {unused.length > 0 ? (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onChange([...rows, { event: unused[0]!, name: '', value: '' }])}
        >
          出来事を追加
        </button>
      ) : null}
    </fieldset>
  );
}

/** The rows as the API takes them: empty is null, digits a number, else as typed (422). */
export function mappingsBody(rows: MappingDraft[]) {
  return rows.map((row) => {
    const value = row.value.trim().replaceAll(',', '');
    return {
      event: row.event,
      name: row.name,
      value: value === '' ? null : /^\d+$/.test(value) ? Number(value) : value,
    };
  });
}
