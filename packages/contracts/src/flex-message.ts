import { httpsProblem, LINE_ACTION_TYPES, lineActionProblems } from './line-actions.js';

/**
 * LINE's flex message container, checked as LINE checks it (issue 14, decision 0165): the
 * bubble and carousel structure, each component's type and required properties, the enums LINE
 * documents, actions, and nesting. Each problem names where it is (`body.contents[2].type`) in
 * Japanese, so the editor can show it as the operator types. Plain TypeScript (no zod): the
 * editor runs it on every keystroke.
 */
export const FLEX_LIMITS = {
  /** Bubbles in a carousel. */
  carouselBubbles: 12,
  /** Boxes nested in boxes: LINE refuses deep trees long before this, we stop here. */
  depth: 10,
  /** Problems listed at once (the rest follow once these are fixed). */
  problems: 20,
  /** Image, icon and video URLs. */
  urlChars: 2000,
} as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SIZES = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '3xl', '4xl', '5xl'];
const ENUMS: Record<string, Record<string, readonly string[]>> = {
  bubble: {
    size: ['nano', 'micro', 'deca', 'hecto', 'kilo', 'mega', 'giga'],
    direction: ['ltr', 'rtl'],
  },
  box: { layout: ['horizontal', 'vertical', 'baseline'], position: ['relative', 'absolute'] },
  text: {
    weight: ['regular', 'bold'],
    style: ['normal', 'italic'],
    decoration: ['none', 'underline', 'line-through'],
    align: ['start', 'end', 'center'],
    gravity: ['top', 'bottom', 'center'],
    position: ['relative', 'absolute'],
  },
  span: {
    weight: ['regular', 'bold'],
    style: ['normal', 'italic'],
    decoration: ['none', 'underline', 'line-through'],
  },
  image: {
    align: ['start', 'end', 'center'],
    gravity: ['top', 'bottom', 'center'],
    aspectMode: ['fit', 'cover'],
    position: ['relative', 'absolute'],
  },
  button: {
    style: ['primary', 'secondary', 'link'],
    height: ['sm', 'md'],
    gravity: ['top', 'bottom', 'center'],
    position: ['relative', 'absolute'],
  },
  icon: { position: ['relative', 'absolute'] },
  separator: {},
  filler: {},
  video: {},
};
const COMPONENTS = Object.keys(ENUMS).filter((type) => type !== 'bubble');
const ACTION_TYPES: readonly string[] = LINE_ACTION_TYPES;

export const FLEX_TEXT = {
  notObject: 'JSONのオブジェクト（{ … }）にしてください',
  containerType: 'type は "bubble" か "carousel" にしてください',
  carouselContents: `carousel の contents はバブル1〜${FLEX_LIMITS.carouselBubbles}個の配列にしてください`,
  carouselBubble: 'carousel の中身は "bubble" だけにしてください',
  blockNotBox: 'ヘッダー・ボディ・フッターは "box" にしてください',
  heroType: 'ヒーローは "box"・"image"・"video" のいずれかにしてください',
  unknownComponent: (type: unknown) => `不明なコンポーネントです（${JSON.stringify(type)}）`,
  required: (name: string) => `${name} が必要です`,
  notString: (name: string) => `${name} は文字列にしてください`,
  notArray: (name: string) => `${name} は配列にしてください`,
  empty: (name: string) => `${name} が空です`,
  enum: (name: string, allowed: readonly string[]) =>
    `${name} は ${allowed.map((value) => `"${value}"`).join('・')} のいずれかにしてください`,
  size: (allowed: readonly string[]) =>
    `size は ${allowed.map((value) => `"${value}"`).join('・')} か "12px" のような大きさにしてください`,
  https: (name: string) => `${name} は https:// で始まるURLにしてください`,
  tooDeep: `ボックスの入れ子が深すぎます（${FLEX_LIMITS.depth}段まで）`,
  actionType: `action の type は ${ACTION_TYPES.join('・')} のいずれかにしてください`,
  spanInBox: '"span" は text の contents の中でだけ使えます',
  iconInBaseline: '"icon" は layout が "baseline" のボックスの中でだけ使えます',
} as const;

export type FlexProblem = { path: string; message: string };

/** Every problem LINE would refuse in a flex container (a message's `contents`). */
export function flexContainerProblems(container: unknown): FlexProblem[] {
  const problems: FlexProblem[] = [];
  const report = (path: string, message: string) => {
    if (problems.length < FLEX_LIMITS.problems) problems.push({ path: path || '(全体)', message });
  };
  if (!isObject(container)) {
    report('', FLEX_TEXT.notObject);
    return problems;
  }
  if (container.type === 'bubble') checkBubble(container, '', report);
  else if (container.type === 'carousel') {
    const { contents } = container;
    if (
      !Array.isArray(contents) ||
      contents.length === 0 ||
      contents.length > FLEX_LIMITS.carouselBubbles
    )
      report('contents', FLEX_TEXT.carouselContents);
    else
      contents.forEach((bubble, index) => {
        const at = `contents[${index}]`;
        if (!isObject(bubble) || bubble.type !== 'bubble') report(at, FLEX_TEXT.carouselBubble);
        else checkBubble(bubble, at, report);
      });
  } else report('type', FLEX_TEXT.containerType);
  return problems;
}

type Report = (path: string, message: string) => void;
const join = (base: string, key: string) => (base ? `${base}.${key}` : key);

function checkEnums(node: Json, type: string, path: string, report: Report) {
  for (const [name, allowed] of Object.entries(ENUMS[type] ?? {}))
    if (node[name] !== undefined && !allowed.includes(String(node[name])))
      report(join(path, name), FLEX_TEXT.enum(name, allowed));
  if (type === 'bubble' || node.size === undefined) return;
  // Keywords or pixels (images also take "full" and percentages).
  const allowed = type === 'image' ? [...SIZES, 'full'] : SIZES;
  const pattern = type === 'image' ? /^\d+(\.\d+)?(px|%)$/ : /^\d+(\.\d+)?px$/;
  if (typeof node.size !== 'string' || !(allowed.includes(node.size) || pattern.test(node.size)))
    report(join(path, 'size'), FLEX_TEXT.size(allowed));
}

function checkBubble(bubble: Json, path: string, report: Report) {
  checkEnums(bubble, 'bubble', path, report);
  // In the order the bubble shows them: header, hero, body, footer.
  for (const block of ['header', 'hero', 'body', 'footer'] as const) {
    const value = bubble[block];
    if (value === undefined) continue;
    const at = join(path, block);
    if (block === 'hero') {
      if (!isObject(value) || !['box', 'image', 'video'].includes(String(value.type)))
        report(at, FLEX_TEXT.heroType);
      else checkComponent(value, at, 1, null, report);
    } else if (!isObject(value) || value.type !== 'box') report(at, FLEX_TEXT.blockNotBox);
    else checkComponent(value, at, 1, null, report);
  }
  if (bubble.action !== undefined) checkAction(bubble.action, join(path, 'action'), report);
}

function requireString(node: Json, name: string, path: string, report: Report) {
  if (node[name] === undefined) report(join(path, name), FLEX_TEXT.required(name));
  else if (typeof node[name] !== 'string') report(join(path, name), FLEX_TEXT.notString(name));
  else if (node[name] === '') report(join(path, name), FLEX_TEXT.empty(name));
}

function requireHttps(node: Json, name: string, path: string, report: Report) {
  requireString(node, name, path, report);
  if (typeof node[name] !== 'string' || node[name] === '') return;
  if (!String(node[name]).startsWith('https://')) report(join(path, name), FLEX_TEXT.https(name));
  else {
    const problem = httpsProblem(node[name], name, FLEX_LIMITS.urlChars);
    if (problem) report(join(path, name), problem);
  }
}

function checkComponent(
  node: Json,
  path: string,
  depth: number,
  parentLayout: string | null,
  report: Report,
) {
  const type = String(node.type);
  if (!COMPONENTS.includes(type) || type === 'span') {
    report(
      join(path, 'type'),
      type === 'span' ? FLEX_TEXT.spanInBox : FLEX_TEXT.unknownComponent(node.type),
    );
    return;
  }
  checkEnums(node, type, path, report);
  if (type === 'icon' && parentLayout !== 'baseline')
    report(join(path, 'type'), FLEX_TEXT.iconInBaseline);
  switch (type) {
    case 'box': {
      if (depth > FLEX_LIMITS.depth) {
        report(path, FLEX_TEXT.tooDeep);
        return;
      }
      if (node.layout === undefined) report(join(path, 'layout'), FLEX_TEXT.required('layout'));
      if (!Array.isArray(node.contents))
        report(join(path, 'contents'), FLEX_TEXT.notArray('contents'));
      else
        node.contents.forEach((child, index) => {
          const at = `${join(path, 'contents')}[${index}]`;
          if (!isObject(child)) report(at, FLEX_TEXT.notObject);
          else checkComponent(child, at, depth + 1, String(node.layout), report);
        });
      break;
    }
    case 'text': {
      const spans = node.contents;
      if (spans === undefined) requireString(node, 'text', path, report);
      else if (!Array.isArray(spans))
        report(join(path, 'contents'), FLEX_TEXT.notArray('contents'));
      else
        spans.forEach((span, index) => {
          const at = `${join(path, 'contents')}[${index}]`;
          if (!isObject(span) || span.type !== 'span')
            report(at, FLEX_TEXT.unknownComponent(isObject(span) ? span.type : span));
          else {
            checkEnums(span, 'span', at, report);
            requireString(span, 'text', at, report);
          }
        });
      break;
    }
    case 'image':
    case 'icon':
      requireHttps(node, 'url', path, report);
      break;
    case 'video':
      requireHttps(node, 'url', path, report);
      requireHttps(node, 'previewUrl', path, report);
      if (!isObject(node.altContent))
        report(join(path, 'altContent'), FLEX_TEXT.required('altContent'));
      else checkComponent(node.altContent, join(path, 'altContent'), depth + 1, null, report);
      break;
    case 'button':
      if (node.action === undefined) report(join(path, 'action'), FLEX_TEXT.required('action'));
      break;
  }
  if (node.action !== undefined) checkAction(node.action, join(path, 'action'), report);
}

/** The action's type here (its path names it), then LINE's limits of every action (line-actions). */
function checkAction(action: unknown, path: string, report: Report) {
  if (!isObject(action) || !ACTION_TYPES.includes(String(action.type))) {
    report(join(path, 'type'), FLEX_TEXT.actionType);
    return;
  }
  // Flex buttons' labels are optional and LINE cuts long ones; the rest is LINE's rule for all.
  for (const problem of lineActionProblems(action, { labelRequired: false }))
    if (!problem.startsWith('表示名')) report(path, problem);
}

/** One line per problem, as the editor and the server's 422 show them. */
export const flexProblemText = (problem: FlexProblem) => `${problem.path}: ${problem.message}`;
