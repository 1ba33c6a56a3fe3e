import {
  AI_PROVIDERS,
  AI_PROVIDER_LABELS,
  aiSettingsInputSchema,
  type AiQa,
  type AiSettings,
  type AiSettingsInput,
} from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { Select, type SelectOption } from '@/ui/select';
import { useToast } from '@/ui/toast';
import { useSaveAiSettings, useTestAiConnection } from '../api/ai-api';
import { BudgetMeter } from './budget-meter';
import { QaEditor } from './qa-editor';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type Draft = Omit<AiSettingsInput, 'samples' | 'handoff_keywords' | 'qas' | 'budget_yen_month'> & {
  budget: string;
  samplesText: string;
  keywordsText: string;
  qas: AiQa[];
};

function draftOf(settings: AiSettings): Draft {
  return {
    provider: settings.provider,
    model: settings.model,
    base_url: settings.base_url ?? '',
    api_key: '',
    features: settings.features,
    auto_reply_when: settings.auto_reply_when,
    budget: String(settings.budget_yen_month),
    unknown_model_price: settings.unknown_model_price,
    tone: settings.tone,
    samplesText: settings.samples.join('\n'),
    keywordsText: settings.handoff_keywords.join('\n'),
    qas: settings.qas,
  };
}

function inputOf(draft: Draft): AiSettingsInput {
  const { budget, samplesText, keywordsText, api_key, ...rest } = draft;
  return {
    ...rest,
    base_url: rest.base_url || null,
    // Empty leaves the stored key as it is (the field never shows it).
    api_key: api_key ? api_key : undefined,
    budget_yen_month: budget.trim() === '' ? Number.NaN : Number(budget),
    samples: lines(samplesText),
    handoff_keywords: lines(keywordsText),
  };
}

const PROVIDER_OPTIONS: SelectOption<Draft['provider']>[] = AI_PROVIDERS.map((provider) => ({
  value: provider,
  name: AI_PROVIDER_LABELS[provider],
}));

const FEATURES = [
  ['drafts', 'チャットの返信下書き（スタッフ向け）'],
  ['auto_reply', '自動応答（友だちへ自動で返信）'],
  ['writing', 'テンプレート・配信文の作成支援'],
] as const;

/** The owner's settings form; others see it disabled under the read-only notice. */
export function SettingsForm({
  settings,
  canManage,
}: {
  settings: AiSettings;
  canManage: boolean;
}) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const providerId = useId();
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const save = useSaveAiSettings();
  const test = useTestAiConnection();
  const toast = useToast();
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errors: Record<string, string[]> = { ...serverErrors, ...clientErrors };
  const patch = (value: Partial<Draft>) => setDraft((current) => ({ ...current, ...value }));
  const fieldError = (key: string) =>
    errors[key]?.length ? (
      <p className="field__error" id={`ai-${key}-error`}>
        {errors[key]!.join('\n')}
      </p>
    ) : null;

  function submit() {
    const input = inputOf(draft);
    const parsed = aiSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues)
        (found[issue.path.join('.')] ??= []).push(issue.message);
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    save.mutate(input, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success('生成AI設定を保存しました');
      },
    });
  }

  return (
    <form
      className="ai-card"
      aria-label="生成AI設定"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="ai-fieldset" disabled={!canManage}>
        <legend>モデル</legend>
        <div className="ai-label">
          <label htmlFor={providerId}>プロバイダー</label>
          <Select
            id={providerId}
            label="プロバイダー"
            options={PROVIDER_OPTIONS}
            value={draft.provider}
            disabled={!canManage}
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
        {fieldError('model')}
        <label className="ai-label">
          ベースURL（OpenAI互換では必須）
          <input
            className="text-field__input"
            value={draft.base_url ?? ''}
            placeholder="https://example.com/v1"
            onChange={(event) => patch({ base_url: event.target.value })}
          />
        </label>
        {fieldError('base_url')}
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
        {fieldError('api_key')}
        {!settings.model_priced ? (
          <p className="ai-card__hint">
            このモデルの料金表がないため、下の「不明なモデルの料金」で費用を計算します。
          </p>
        ) : null}
      </fieldset>

      <fieldset className="ai-fieldset" disabled={!canManage}>
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
          {(
            [
              ['outside_hours', '営業時間外のみ'],
              ['always', '常に'],
            ] as const
          ).map(([value, label]) => (
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

      <fieldset className="ai-fieldset" disabled={!canManage}>
        <legend>予算</legend>
        <label className="ai-label">
          月の予算（円）
          <input
            className="text-field__input"
            inputMode="numeric"
            value={draft.budget}
            onChange={(event) => patch({ budget: event.target.value })}
          />
        </label>
        {fieldError('budget_yen_month')}
        <BudgetMeter spent={settings.spent_yen_month} budget={settings.budget_yen_month} />
        <div className="ai-row">
          <label className="ai-label">
            不明なモデルの料金：入力（円／100万トークン）
            <input
              className="text-field__input"
              inputMode="decimal"
              value={String(draft.unknown_model_price?.input ?? '')}
              onChange={(event) =>
                patch({
                  unknown_model_price: {
                    input: Number(event.target.value),
                    output: draft.unknown_model_price?.output ?? 0,
                  },
                })
              }
            />
          </label>
          <label className="ai-label">
            出力（円／100万トークン）
            <input
              className="text-field__input"
              inputMode="decimal"
              value={String(draft.unknown_model_price?.output ?? '')}
              onChange={(event) =>
                patch({
                  unknown_model_price: {
                    input: draft.unknown_model_price?.input ?? 0,
                    output: Number(event.target.value),
                  },
                })
              }
            />
          </label>
        </div>
        {fieldError('unknown_model_price.input')}
        {fieldError('unknown_model_price.output')}
      </fieldset>

      <fieldset className="ai-fieldset" disabled={!canManage}>
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
        {fieldError('tone')}
        <label className="ai-label">
          回答例（1行に1つ）
          <textarea
            className="text-field__input"
            rows={3}
            value={draft.samplesText}
            onChange={(event) => patch({ samplesText: event.target.value })}
          />
        </label>
        {fieldError('samples')}
        <label className="ai-label">
          引き継ぎキーワード（1行に1つ。含む質問にはAIが答えず、スタッフへ引き継ぎます）
          <textarea
            className="text-field__input"
            rows={3}
            value={draft.keywordsText}
            onChange={(event) => patch({ keywordsText: event.target.value })}
          />
        </label>
        {fieldError('handoff_keywords')}
      </fieldset>

      <QaEditor
        qas={draft.qas}
        onChange={(qas) => patch({ qas })}
        errors={errors}
        disabled={!canManage}
      />
      {fieldError('qas')}

      {save.isError && !isApiError(save.error) ? (
        <p className="notice notice--error" role="alert">
          {errorText(save.error)}
        </p>
      ) : null}
      {save.isError && isApiError(save.error) && Object.keys(serverErrors).length === 0 ? (
        <p className="notice notice--error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      {canManage ? (
        <div className="ai-row">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            保存する
          </button>
          <button
            type="button"
            className="btn"
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? '接続中…' : '接続テスト'}
          </button>
          {test.data ? (
            <span role="status" className={test.data.ok ? 'ai-ok' : 'field__error'}>
              {test.data.message}
            </span>
          ) : test.isError ? (
            <span role="status" className="field__error">
              {errorText(test.error)}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
