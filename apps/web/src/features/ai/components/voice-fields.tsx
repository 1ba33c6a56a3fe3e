import { FieldError } from './field-error';
import type { SettingsPartProps } from './settings-draft';

/** 口調・回答例・引き継ぎ: how the answers sound, and the words that hand a question to staff. */
export function VoiceFields({ draft, patch, errors, disabled }: SettingsPartProps) {
  return (
    <fieldset className="ai-fieldset" disabled={disabled}>
      <legend>口調・回答例・引き継ぎ</legend>
      <label className="ai-label">
        口調
        <textarea
          className="text-field__input"
          rows={2}
          value={draft.tone ?? ''}
          placeholder="例：やわらかい敬語で、絵文字は使わない"
          onChange={(event) => patch({ tone: event.target.value })}
        />
      </label>
      <FieldError errors={errors} name="tone" />
      <label className="ai-label">
        回答例（1行に1つ）
        <textarea
          className="text-field__input"
          rows={3}
          value={draft.samplesText}
          onChange={(event) => patch({ samplesText: event.target.value })}
        />
      </label>
      <FieldError errors={errors} name="samples" />
      <label className="ai-label">
        引き継ぎキーワード（1行に1つ。含む質問にはAIが答えず、スタッフへ引き継ぎます）
        <textarea
          className="text-field__input"
          rows={3}
          value={draft.keywordsText}
          onChange={(event) => patch({ keywordsText: event.target.value })}
        />
      </label>
      <FieldError errors={errors} name="handoff_keywords" />
    </fieldset>
  );
}
