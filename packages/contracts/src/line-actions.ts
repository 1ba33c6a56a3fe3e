import { lineLength, type LineCounting } from './line-text-length.js';

/**
 * LINE's action objects (messaging-api.yml `Action` and its kinds), checked with LINE's limits:
 * labels ≤ 20 and the texts a friend sends counted in grapheme clusters, postback and datetime
 * picker `data` ≤ 300, `clipboardText` 1–1,000, URI actions' schemes and ≤ 1,000 characters.
 * Used by the template messages, quick reply buttons and flex messages alike (decision 0190).
 */
export const LINE_ACTION_LIMITS = {
  labelChars: 20,
  /** A message action's `text`, a postback action's `displayText` and `text`. */
  textChars: 300,
  dataChars: 300,
  clipboardChars: 1000,
  uriChars: 1000,
} as const;

export const LINE_ACTION_TYPES = [
  'postback',
  'message',
  'uri',
  'datetimepicker',
  'camera',
  'cameraRoll',
  'location',
  'richmenuswitch',
  'clipboard',
] as const;

/** Schemes LINE opens from a URI action. */
export const URI_ACTION_SCHEMES = /^(https?:\/\/|tel:|line:\/\/)/;

type Json = Record<string, unknown>;
const count = (n: number) => n.toLocaleString('ja-JP');

/**
 * An optional (or, with `required`, required) string: not empty when present, at most `max`
 * counted as LINE counts it. `name` is how the operator knows the field: 「表示名（label）」.
 */
export function stringProblem(
  value: unknown,
  name: string,
  max: number,
  options: { required?: boolean; counting?: LineCounting; allowEmpty?: boolean } = {},
): string | undefined {
  if (value === undefined || value === null)
    return options.required ? `${name}がありません` : undefined;
  if (typeof value !== 'string') return `${name}は文字列で指定してください`;
  if (!options.allowEmpty && value.trim() === '') return `${name}が空です`;
  const length = lineLength(value, options.counting ?? 'utf16');
  if (length > max)
    return `${name}は${count(max)}文字以内にしてください（現在${count(length)}文字）`;
  return undefined;
}

/** A URL that parses, on one of the schemes, within `max` characters. */
export function urlProblem(
  value: unknown,
  name: string,
  options: { max: number; schemes: RegExp; schemesText: string; required?: boolean },
): string | undefined {
  const problem = stringProblem(value, name, options.max, { required: options.required });
  if (problem || value === undefined || value === null) return problem;
  const url = String(value);
  if (!options.schemes.test(url)) return `${name}は ${options.schemesText} で始めてください`;
  if (!parses(url) || /\s/.test(url)) return `${name}はURLとして正しくありません`;
  return undefined;
}

/** A URL LINE can open: a host after http(s)://, something after tel: or line://, no spaces. */
function parses(url: string): boolean {
  if (/^https?:\/\//i.test(url)) return /^https?:\/\/[^\s/?#@:]+(:\d{1,5})?([/?#]\S*)?$/i.test(url);
  return /^(tel:|line:\/\/)\S+$/.test(url);
}

/** https only (media, icons): LINE fetches them over HTTPS. */
export const httpsProblem = (value: unknown, name: string, max: number, required = false) =>
  urlProblem(value, name, { max, schemes: /^https:\/\//, schemesText: 'https://', required });

/**
 * What LINE refuses in one action. `labelRequired`: templates and quick reply buttons need a
 * label (image carousels, flex and rich menus do not).
 */
export function lineActionProblems(action: unknown, options: { labelRequired: boolean }): string[] {
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return ['アクションの内容がありません'];
  const node = action as Json;
  if (!(LINE_ACTION_TYPES as readonly string[]).includes(String(node.type)))
    return [`アクションの type は ${LINE_ACTION_TYPES.join('・')} のいずれかにしてください`];
  const problems: (string | undefined)[] = [
    stringProblem(node.label, '表示名（label）', LINE_ACTION_LIMITS.labelChars, {
      required: options.labelRequired,
      counting: 'grapheme',
    }),
  ];
  const text = (key: string, name: string, required = false) =>
    stringProblem(node[key], `${name}（${key}）`, LINE_ACTION_LIMITS.textChars, {
      required,
      counting: 'grapheme',
    });
  const data = (required: boolean) =>
    stringProblem(node.data, 'ポストバックデータ（data）', LINE_ACTION_LIMITS.dataChars, {
      required,
      allowEmpty: true,
    });
  switch (node.type) {
    case 'message':
      problems.push(text('text', '送る文', true));
      break;
    case 'postback':
      problems.push(data(true), text('displayText', '表示する文'), text('text', '送る文'));
      problems.push(text('fillInText', '入力欄に入れる文'));
      break;
    case 'datetimepicker':
      problems.push(data(true));
      if (!['date', 'time', 'datetime'].includes(String(node.mode)))
        problems.push('日時選択の種類（mode）は date・time・datetime のいずれかにしてください');
      break;
    case 'richmenuswitch':
      problems.push(data(true));
      break;
    case 'uri':
      problems.push(
        urlProblem(node.uri, 'URL（uri）', {
          max: LINE_ACTION_LIMITS.uriChars,
          schemes: URI_ACTION_SCHEMES,
          schemesText: 'https://、http://、tel: または line://',
          required: true,
        }),
      );
      break;
    case 'clipboard':
      problems.push(
        stringProblem(
          node.clipboardText,
          'コピーする文（clipboardText）',
          LINE_ACTION_LIMITS.clipboardChars,
          { required: true },
        ),
      );
      break;
  }
  return problems.filter((problem): problem is string => problem !== undefined);
}
