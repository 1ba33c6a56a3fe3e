import type { SettingsPartProps } from './settings-draft';

const FEATURES = [
  ['drafts', 'チャットの返信下書き（スタッフ向け）'],
  ['auto_reply', '自動応答（友だちへ自動で返信）'],
  ['writing', 'テンプレート・配信文の作成支援'],
] as const;

const WHEN = [
  ['outside_hours', '営業時間外のみ'],
  ['always', '常に'],
] as const;

/** 機能: each feature on or off, and when automatic answers run. */
export function FeatureFields({ draft, patch, disabled }: Omit<SettingsPartProps, 'errors'>) {
  return (
    <fieldset className="ai-fieldset" disabled={disabled}>
      <legend>機能</legend>
      {FEATURES.map(([key, label]) => (
        <label key={key} className="ai-check">
          <input
            type="checkbox"
            checked={draft.features[key]}
            onChange={(event) =>
              patch({ features: { ...draft.features, [key]: event.target.checked } })
            }
          />
          {label}
        </label>
      ))}
      <div role="radiogroup" aria-label="自動応答の時間帯" className="ai-row">
        {WHEN.map(([value, label]) => (
          <label key={value} className="ai-check">
            <input
              type="radio"
              name="auto_reply_when"
              checked={draft.auto_reply_when === value}
              onChange={() => patch({ auto_reply_when: value })}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
