import { AI_PROVIDERS, AI_PROVIDER_LABELS, type AiSettings } from '@tsunagu/contracts';
import { useId } from 'react';
import { Select, type SelectOption } from '@/ui/select';
import { FieldError } from './field-error';
import type { SettingsDraft, SettingsPartProps } from './settings-draft';

const PROVIDER_OPTIONS: SelectOption<SettingsDraft['provider']>[] = AI_PROVIDERS.map(
  (provider) => ({ value: provider, name: AI_PROVIDER_LABELS[provider] }),
);

/** モデル: provider, model, base URL and the write-only API key. */
export function ModelFields({
  draft,
  patch,
  errors,
  disabled,
  settings,
}: SettingsPartProps & { settings: AiSettings }) {
  const providerId = useId();
  return (
    <fieldset className="ai-fieldset" disabled={disabled}>
      <legend>モデル</legend>
      <div className="ai-label">
        <label htmlFor={providerId}>プロバイダー</label>
        <Select
          id={providerId}
          label="プロバイダー"
          options={PROVIDER_OPTIONS}
          value={draft.provider}
          disabled={disabled}
          onChange={(provider) => patch({ provider })}
        />
      </div>
      <label className="ai-label">
        モデル
        <input
          className="text-field__input"
          value={draft.model}
          onChange={(event) => patch({ model: event.target.value })}
        />
      </label>
      <FieldError errors={errors} name="model" />
      <label className="ai-label">
        ベースURL（OpenAI互換では必須）
        <input
          className="text-field__input"
          value={draft.base_url ?? ''}
          placeholder="https://example.com/v1"
          onChange={(event) => patch({ base_url: event.target.value })}
        />
      </label>
      <FieldError errors={errors} name="base_url" />
      <label className="ai-label">
        APIキー
        <input
          className="text-field__input"
          type="password"
          autoComplete="off"
          value={draft.api_key ?? ''}
          placeholder={settings.has_api_key ? '設定済み（変更するときだけ入力）' : '未設定'}
          onChange={(event) => patch({ api_key: event.target.value })}
        />
      </label>
      <p className="ai-card__hint">
        {settings.has_api_key ? '設定済み' : '未設定'}
        ・保存したAPIキーは暗号化して保管し、二度と表示しません。
      </p>
      <FieldError errors={errors} name="api_key" />
      {!settings.model_priced ? (
        <p className="ai-card__hint">
          このモデルの料金表がないため、下の「不明なモデルの料金」で費用を計算します。
        </p>
      ) : null}
    </fieldset>
  );
}
