import type { AiSettings } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { useToast } from '@/ui/toast';
import { useSaveAiSettings, useTestAiConnection } from '../api/ai-api';
import { BudgetFields } from './budget-fields';
import { FeatureFields } from './feature-fields';
import { FieldError } from './field-error';
import { ModelFields } from './model-fields';
import { QaEditor } from './qa-editor';
import { draftOf, inputOf, problemsOf, type SettingsDraft } from './settings-draft';
import { VoiceFields } from './voice-fields';

/** The owner's settings form; others see it disabled under the read-only notice. */
export function SettingsForm({
  settings,
  canManage,
}: {
  settings: AiSettings;
  canManage: boolean;
}) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const save = useSaveAiSettings();
  const test = useTestAiConnection();
  const toast = useToast();
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errors: Record<string, string[]> = { ...serverErrors, ...clientErrors };
  const patch = (value: Partial<SettingsDraft>) =>
    setDraft((current) => ({ ...current, ...value }));
  const part = { draft, patch, errors, disabled: !canManage };

  function submit() {
    const input = inputOf(draft);
    const problems = problemsOf(input);
    setClientErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        setDraft(savedUnlessEdited(draft, draftOf(saved)));
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
      <ModelFields {...part} settings={settings} />
      <FeatureFields {...part} />
      <BudgetFields {...part} settings={settings} />
      <VoiceFields {...part} />
      <QaEditor
        qas={draft.qas}
        onChange={(qas) => patch({ qas })}
        errors={errors}
        disabled={!canManage}
      />
      <FieldError errors={errors} name="qas" />

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
