import type { AiSettings } from '@tsunagu/contracts';
import { BudgetMeter } from './budget-meter';
import { FieldError } from './field-error';
import type { SettingsPartProps } from './settings-draft';

/** 予算: the month's yen cap with its meter, and the price of a model the table does not know. */
export function BudgetFields({
  draft,
  patch,
  errors,
  disabled,
  settings,
}: SettingsPartProps & { settings: AiSettings }) {
  const price = draft.unknown_model_price;
  return (
    <fieldset className="ai-fieldset" disabled={disabled}>
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
      <FieldError errors={errors} name="budget_yen_month" />
      <BudgetMeter spent={settings.spent_yen_month} budget={settings.budget_yen_month} />
      <div className="ai-row">
        <label className="ai-label">
          不明なモデルの料金：入力（円／100万トークン）
          <input
            className="text-field__input"
            inputMode="decimal"
            value={String(price?.input ?? '')}
            onChange={(event) =>
              patch({
                unknown_model_price: {
                  input: Number(event.target.value),
                  output: price?.output ?? 0,
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
            value={String(price?.output ?? '')}
            onChange={(event) =>
              patch({
                unknown_model_price: {
                  input: price?.input ?? 0,
                  output: Number(event.target.value),
                },
              })
            }
          />
        </label>
      </div>
      <FieldError errors={errors} name="unknown_model_price.input" />
      <FieldError errors={errors} name="unknown_model_price.output" />
    </fieldset>
  );
}
