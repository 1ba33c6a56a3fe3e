import { z } from 'zod';

/**
 * LINE's `details[]` of an error answer (messaging-api.yml, `ErrorDetail`): which property of
 * the request LINE refused and why, in LINE's English. Kept on the failed message (decision
 * 0185) and shown to the operator in Japanese beside LINE's own text.
 */
export const lineErrorDetailSchema = z.object({
  /** Where in the request body, e.g. `messages[0].text`; '' when LINE names none. */
  property: z.string(),
  message: z.string(),
});
export type LineErrorDetail = z.infer<typeof lineErrorDetailSchema>;

/** The most details kept of one answer, and the most characters of each text. */
export const LINE_ERROR_DETAILS_MAX = 20;
const TEXT_MAX = 300;

/** LINE's `details` of a parsed error body, cleaned: strings only, capped (never trusted as is). */
export function lineErrorDetailsOf(body: unknown): LineErrorDetail[] {
  const details = (body as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.slice(0, LINE_ERROR_DETAILS_MAX).flatMap((item: unknown) => {
    const { property, message } = (item ?? {}) as { property?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [
      {
        property: typeof property === 'string' ? property.slice(0, TEXT_MAX) : '',
        message: message.slice(0, TEXT_MAX),
      },
    ];
  });
}

/** LINE's common detail messages, in Japanese; anything else is shown in LINE's own words. */
const DETAIL_TEXTS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^Must be one of the following values: ?(.*)$/i, (m) => `次のいずれかにしてください: ${m[1]}`],
  [/^Length must be between (\d+) and (\d+)$/i, (m) => `${m[1]}〜${m[2]}文字にしてください`],
  [/^Size must be between (\d+) and (\d+)$/i, (m) => `${m[1]}〜${m[2]}個にしてください`],
  [/^invalid uri scheme/i, () => 'URLのスキームが使えません（https:// などにしてください）'],
  [/^invalid uri/i, () => 'URLが正しくありません'],
  [/^(May|Must) not be (empty|null|blank)$/i, () => '空にはできません'],
  [/^must be specified$/i, () => '指定してください'],
  [/^must be non-?negative/i, () => '0以上にしてください'],
  [/^Must be (a )?valid HTTPS URL/i, () => 'https:// で始まる正しいURLにしてください'],
  [/^must be (greater|more) than or equal to (\d+)/i, (m) => `${m[2]}以上にしてください`],
  [/^must be less than or equal to (\d+)/i, (m) => `${m[1]}以下にしてください`],
  [/^Invalid action object/i, () => 'アクションの内容が正しくありません'],
  [/^unknown property/i, () => 'LINE が知らない項目です'],
  [
    /^The property, '(.+?)', in the request body is invalid/i,
    (m) => `「${m[1]}」が正しくありません`,
  ],
];

/** A detail's message in Japanese, or null when the table does not know it (show LINE's). */
export function lineDetailJapanese(message: string): string | null {
  for (const [pattern, text] of DETAIL_TEXTS) {
    const match = pattern.exec(message.trim());
    if (match) return text(match);
  }
  return null;
}

/** `messages[1].template.actions[0].uri` → `2つ目のメッセージ template.actions[0].uri`. */
export function linePropertyJapanese(property: string): string {
  const match = /^messages\[(\d+)\]\.?(.*)$/.exec(property);
  if (!match) return property;
  const rest = match[2] ? ` ${match[2]}` : '';
  return `${Number(match[1]) + 1}つ目のメッセージ${rest}`;
}

/** One detail as the operator reads it: where, in Japanese, and LINE's own text beside it. */
export function lineDetailText(detail: LineErrorDetail): string {
  const japanese = lineDetailJapanese(detail.message);
  const where = detail.property ? `${linePropertyJapanese(detail.property)}：` : '';
  return japanese ? `${where}${japanese}（LINE: ${detail.message}）` : `${where}${detail.message}`;
}

/** What became of one push message (`line_pushes.state`, decisions 0130, 0187). */
export const LINE_PUSH_STATES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'skipped',
  'unknown',
  'withdrawn',
] as const;
export type LinePushState = (typeof LINE_PUSH_STATES)[number];

/** A push's outcome as the console shows it (a test send's result). */
export const linePushResultSchema = z.object({
  state: z.enum(LINE_PUSH_STATES),
  /** Why it waits or failed (LINE's reason included); '' when sent. */
  reason: z.string(),
  /** LINE's `details[]` of a refusal (decision 0185). */
  details: z.array(lineErrorDetailSchema),
});
export type LinePushResult = z.infer<typeof linePushResultSchema>;
