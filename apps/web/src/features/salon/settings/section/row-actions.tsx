/** Edit and delete for one row of a settings list, named after the row for screen readers. */
export function RowActions(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="salon-settings__row-actions">
      <button
        type="button"
        className="btn btn--ghost"
        aria-label={`${props.name}を編集`}
        onClick={props.onEdit}
      >
        編集
      </button>
      <button
        type="button"
        className="btn btn--ghost salon-settings__delete"
        aria-label={`${props.name}を削除`}
        onClick={props.onDelete}
      >
        削除
      </button>
    </span>
  );
}

/** A colour chip beside a name, as the timeline shows the item. */
export function NameWithColor({ name, color }: { name: string; color: string }) {
  return (
    <span className="salon-settings__name">
      <span className="salon-settings__swatch" style={{ background: color }} aria-hidden="true" />
      {name}
    </span>
  );
}

export const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;
