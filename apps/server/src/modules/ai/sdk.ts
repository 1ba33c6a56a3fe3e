import type { LanguageModel } from 'ai';
import type { AiProvider } from '@tsunagu/contracts';
import { lazyModule } from '../../lib/lazy-module.js';

/**
 * The Vercel AI SDK and its providers are loaded on the first model call, not at start-up
 * (decision 0460): together about 20 MB of the server's memory and a second of loading that
 * a shop without AI never needs.
 */
export const aiSdk = lazyModule(() => import('ai'));

export interface ModelChoice {
  provider: AiProvider;
  model: string;
  baseUrl: string | null;
  apiKey: string | null;
}

/** The Vercel AI SDK model of the settings (decision 0350), its provider loaded on first use. */
export async function languageModel(choice: ModelChoice): Promise<LanguageModel> {
  const apiKey = choice.apiKey ?? undefined;
  const baseURL = choice.baseUrl || undefined;
  switch (choice.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey, baseURL }).chat(choice.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, baseURL })(choice.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'custom',
        baseURL: baseURL ?? '',
        apiKey,
        includeUsage: true,
      })(choice.model);
    }
  }
}
