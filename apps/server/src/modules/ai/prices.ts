import type { AiPrice } from '@tsunagu/contracts';

/**
 * Yen per million tokens of the models we know (decision 0353), at 150 円 per US dollar from the
 * providers' list prices of 2026-11. The longest matching prefix wins; a model not listed costs
 * the account's `unknown_model_price`.
 */
export const MODEL_PRICES: Record<string, AiPrice> = {
  'gpt-4o-mini': { input: 22.5, output: 90 },
  'gpt-4o': { input: 375, output: 1500 },
  'gpt-4.1-nano': { input: 15, output: 60 },
  'gpt-4.1-mini': { input: 60, output: 240 },
  'gpt-4.1': { input: 300, output: 1200 },
  'gpt-5-nano': { input: 7.5, output: 60 },
  'gpt-5-mini': { input: 37.5, output: 300 },
  'gpt-5': { input: 187.5, output: 1500 },
  'claude-haiku-4': { input: 150, output: 750 },
  'claude-3-5-haiku': { input: 120, output: 600 },
  'claude-sonnet-4': { input: 450, output: 2250 },
  'claude-opus-4': { input: 2250, output: 11250 },
};

export function knownPrice(model: string): AiPrice | undefined {
  const name = model.trim().toLowerCase();
  const prefix = Object.keys(MODEL_PRICES)
    .filter((key) => name.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : MODEL_PRICES[prefix];
}

/** The cost of a run in yen (fractions kept; the meter rounds for display). */
export function costInYen(
  model: string,
  unknown: AiPrice,
  usage: { inputTokens: number; outputTokens: number },
): number {
  const price = knownPrice(model) ?? unknown;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
