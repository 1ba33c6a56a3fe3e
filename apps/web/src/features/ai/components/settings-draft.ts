import {
  aiSettingsInputSchema,
  type AiQa,
  type AiSettings,
  type AiSettingsInput,
} from '@tsunagu/contracts';

/** The form's own state of the settings: numbers and lists as typed. */
export type SettingsDraft = Omit<
  AiSettingsInput,
  'samples' | 'handoff_keywords' | 'qas' | 'budget_yen_month'
> & {
  budget: string;
  samplesText: string;
  keywordsText: string;
  qas: AiQa[];
};

/** What a part of the form gets: the draft, a way to change it and the errors by field. */
export interface SettingsPartProps {
  draft: SettingsDraft;
  patch: (value: Partial<SettingsDraft>) => void;
  errors: Record<string, string[]>;
  disabled: boolean;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function draftOf(settings: AiSettings): SettingsDraft {
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

export function inputOf(draft: SettingsDraft): AiSettingsInput {
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

/** The contract's check of the input, before sending: errors by field path (empty = valid). */
export function problemsOf(input: AiSettingsInput): Record<string, string[]> {
  const parsed = aiSettingsInputSchema.safeParse(input);
  const found: Record<string, string[]> = {};
  if (parsed.success) return found;
  for (const issue of parsed.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
  return found;
}
