import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiProvider } from '@tsunagu/contracts';
import type { LanguageModel } from 'ai';

export interface ModelChoice {
  provider: AiProvider;
  model: string;
  baseUrl: string | null;
  apiKey: string | null;
}

/** The Vercel AI SDK model of the settings (decision 0350). */
export function languageModel(choice: ModelChoice): LanguageModel {
  const apiKey = choice.apiKey ?? undefined;
  const baseURL = choice.baseUrl || undefined;
  switch (choice.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL }).chat(choice.model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL })(choice.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'custom',
        baseURL: baseURL ?? '',
        apiKey,
        includeUsage: true,
      })(choice.model);
  }
}
