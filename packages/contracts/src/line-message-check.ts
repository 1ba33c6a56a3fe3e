import { flexContainerProblems, flexProblemText } from './flex-message.js';
import { httpsProblem, lineActionProblems, stringProblem } from './line-actions.js';
import { isLineObject, LINE_MESSAGE_LIMITS, lineMessageProblems } from './line-message-rules.js';

/**
 * The one check of a LINE message before it goes out (decisions 0085, 0161, 0190): LINE's generic
 * rules (line-message-rules), then the template messages' and flex messages' own. A template is
 * checked with it when saved, and every message is checked with it again after it was rendered
 * for its friend or customer (aliases, `[param_N]`), because a friend's value can make a text too
 * long, a label empty or a URL invalid. Plain TypeScript: the editors run it on every keystroke.
 */

/** LINE's limits for the template messages (buttons, confirm, carousels). */
export const LINE_TEMPLATE_LIMITS = {
  buttonsTitleChars: 40,
  /** 160 without title and image, 60 with either. */
  buttonsTextChars: 160,
  buttonsTextCharsWithTitleOrImage: 60,
  buttonsActions: 4,
  confirmTextChars: 240,
  confirmActions: 2,
  carouselColumns: 10,
  /** 120 without title and image, 60 with either. */
  carouselTextChars: 120,
  carouselActions: 3,
  imageCarouselLabelChars: 12,
  actionLabelChars: 20,
  actionTextChars: 300,
  /** LINE refuses a flex message's JSON over this size (bytes, UTF-8). */
  flexBytes: 30 * 1024,
} as const;

export const MESSAGE_CHECK_TEXT = {
  notMessage: 'メッセージの内容がありません',
  flexTooLarge: (bytes: number) =>
    `フレックスメッセージが大きすぎます（${Math.ceil(bytes / 1024)}KB、上限30KB）`,
  buttonsActionsCount: `ボタンは1〜${LINE_TEMPLATE_LIMITS.buttonsActions}個にしてください`,
  confirmActionsCount: '確認の選択肢はちょうど2つにしてください',
  columnsCount: `カルーセルの列は1〜${LINE_TEMPLATE_LIMITS.carouselColumns}個にしてください`,
  templateType:
    'テンプレートの種類は buttons・confirm・carousel・image_carousel のいずれかにしてください',
  /** A problem in a button: 「ボタン2：表示名（label）が空です」. */
  button: (n: number, problem: string) => `ボタン${n}：${problem}`,
  column: (n: number, problem: string) => `${n}列目：${problem}`,
} as const;

/** UTF-8 length of the JSON LINE receives (the contracts run in the browser and in Node). */
export function utf8Bytes(value: unknown): number {
  let bytes = 0;
  for (const char of JSON.stringify(value) ?? '') {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

type Json = Record<string, unknown>;
const defined = (problems: (string | undefined)[]) =>
  problems.filter((problem): problem is string => problem !== undefined);

/** Buttons of a template message (or a carousel column), each named by its number. */
function buttonsProblems(actions: unknown[], labelRequired: boolean): string[] {
  return actions.flatMap((action, index) =>
    lineActionProblems(action, { labelRequired }).map((problem) =>
      MESSAGE_CHECK_TEXT.button(index + 1, problem),
    ),
  );
}

/** A buttons template or a carousel column: title ≤ 40, text, https image, 1–`max` buttons. */
function cardProblems(card: Json, textMax: { plain: number; decorated: number }, max: number) {
  const decorated = Boolean(card.title) || Boolean(card.thumbnailImageUrl);
  const actions = Array.isArray(card.actions) ? card.actions : [];
  return [
    ...defined([
      stringProblem(card.title, 'タイトル（title）', LINE_TEMPLATE_LIMITS.buttonsTitleChars, {
        counting: 'grapheme',
      }),
      stringProblem(card.text, '本文（text）', decorated ? textMax.decorated : textMax.plain, {
        required: true,
        counting: 'grapheme',
      }),
      httpsProblem(
        card.thumbnailImageUrl,
        '画像のURL（thumbnailImageUrl）',
        LINE_MESSAGE_LIMITS.urlChars,
      ),
    ]),
    ...(actions.length < 1 || actions.length > max
      ? [`ボタンは1〜${max}個にしてください`]
      : buttonsProblems(actions, true)),
  ];
}

/** The `template` of a template message. */
function templateProblems(template: Json): string[] {
  const actions = Array.isArray(template.actions) ? template.actions : [];
  const columns = Array.isArray(template.columns) ? template.columns : [];
  const columnCount =
    columns.length < 1 || columns.length > LINE_TEMPLATE_LIMITS.carouselColumns
      ? [MESSAGE_CHECK_TEXT.columnsCount]
      : [];
  switch (template.type) {
    case 'buttons': {
      const problems = cardProblems(
        template,
        {
          plain: LINE_TEMPLATE_LIMITS.buttonsTextChars,
          decorated: LINE_TEMPLATE_LIMITS.buttonsTextCharsWithTitleOrImage,
        },
        LINE_TEMPLATE_LIMITS.buttonsActions,
      );
      return problems.map((problem) =>
        problem.startsWith('ボタンは1〜') ? MESSAGE_CHECK_TEXT.buttonsActionsCount : problem,
      );
    }
    case 'confirm':
      return [
        ...defined([
          stringProblem(template.text, '本文（text）', LINE_TEMPLATE_LIMITS.confirmTextChars, {
            required: true,
            counting: 'grapheme',
          }),
        ]),
        ...(actions.length !== LINE_TEMPLATE_LIMITS.confirmActions
          ? [MESSAGE_CHECK_TEXT.confirmActionsCount]
          : buttonsProblems(actions, true)),
      ];
    case 'carousel':
      if (columnCount.length > 0) return columnCount;
      return columns.flatMap((column, index) =>
        (isLineObject(column)
          ? cardProblems(
              column,
              { plain: LINE_TEMPLATE_LIMITS.carouselTextChars, decorated: 60 },
              LINE_TEMPLATE_LIMITS.carouselActions,
            )
          : [MESSAGE_CHECK_TEXT.notMessage]
        ).map((problem) => MESSAGE_CHECK_TEXT.column(index + 1, problem)),
      );
    case 'image_carousel':
      if (columnCount.length > 0) return columnCount;
      return columns.flatMap((column, index) => {
        const card = isLineObject(column) ? column : {};
        const action = isLineObject(card.action) ? card.action : {};
        return [
          ...defined([
            httpsProblem(
              card.imageUrl,
              '画像のURL（imageUrl）',
              LINE_MESSAGE_LIMITS.urlChars,
              true,
            ),
            stringProblem(
              action.label,
              '表示名（label）',
              LINE_TEMPLATE_LIMITS.imageCarouselLabelChars,
              { counting: 'grapheme' },
            ),
          ]),
          ...lineActionProblems(card.action, { labelRequired: false }).filter(
            (problem) => !problem.startsWith('表示名'),
          ),
        ].map((problem) => MESSAGE_CHECK_TEXT.column(index + 1, problem));
      });
    default:
      return [MESSAGE_CHECK_TEXT.templateType];
  }
}

/** Problems of a flex message's container: its size and LINE's structure rules. */
function flexProblems(contents: unknown): string[] {
  const bytes = utf8Bytes(contents);
  if (bytes > LINE_TEMPLATE_LIMITS.flexBytes) return [MESSAGE_CHECK_TEXT.flexTooLarge(bytes)];
  return flexContainerProblems(contents).map(flexProblemText);
}

/**
 * Everything LINE would refuse in one message about to be sent, in Japanese, each problem naming
 * the field; empty when LINE would take it.
 */
export function sendableMessageProblems(message: unknown): string[] {
  if (!isLineObject(message)) return [MESSAGE_CHECK_TEXT.notMessage];
  const generic = lineMessageProblems(message);
  if (generic.length > 0) return generic;
  if (message.type === 'template' && isLineObject(message.template))
    return templateProblems(message.template);
  if (message.type === 'flex') return flexProblems(message.contents);
  return [];
}

/** Where and what: the message's position (from 0) and its problem. */
export type MessageProblem = { index: number; problem: string };

/** The problems of messages about to be sent together, each with its message's position. */
export function sendableMessagesProblems(messages: readonly unknown[]): MessageProblem[] {
  return messages.flatMap((message, index) =>
    sendableMessageProblems(message).map((problem) => ({ index, problem })),
  );
}

/**
 * Why a message rendered for one friend was not sent (stored as the push's reason, decision
 * 0191): the friend by name, then each problem with its message — 「山田 花子」さんへの送信を
 * 止めました：1つ目のメッセージ：テキスト（text）は5,000文字以内にしてください（現在5,012文字）.
 */
export function renderedCheckFailure(recipient: string, problems: readonly MessageProblem[]) {
  const each = problems.map(({ index, problem }) => `${index + 1}つ目のメッセージ：${problem}`);
  return `${recipient}への送信を止めました（差し込んだ値でLINEが受け付けない内容になります）：${each.join('／')}`;
}

/** The recipient as `renderedCheckFailure` names a friend. */
export const friendRecipient = (displayName: string) =>
  `友だち「${displayName || '名前なし'}」さん`;
