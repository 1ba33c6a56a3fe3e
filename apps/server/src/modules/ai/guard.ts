/**
 * "Never invented" (issue 31, decision 0352): every price, time and date an answer names must
 * appear in the tool results of the same run. Text is compared after NFKC (full-width digits,
 * ：, ￥ become ASCII; URLs left out), prices without thousands separators, times as HH:MM (15時 = 15:00,
 * 15時半 = 15:30), dates as YYYY-MM-DD or, when the year is not named, MM-DD.
 */
export interface Figures {
  prices: Set<number>;
  times: Set<string>;
  /** Full dates (YYYY-MM-DD) and month-days (MM-DD). */
  dates: Set<string>;
}

const pad = (value: string | number) => String(value).padStart(2, '0');
const number = (text: string) => Number(text.replace(/,/g, ''));

export const normalise = (text: string) => text.normalize('NFKC');

/**
 * The text figures are read from: NFKC, and URLs blanked — a port or a path segment
 * (localhost:3000, /r/2026) is neither a price, a time nor a date, and must not vouch for one
 * (decision 0480).
 */
const figureText = (text: string) => normalise(text).replace(/https?:\/\/[^\s"'<>）」]+/g, ' ');

function timesIn(text: string, into: Set<string>) {
  for (const m of text.matchAll(/(?<!\d)(\d{1,2}):(\d{2})(?!\d)/g)) {
    if (Number(m[1]) <= 30 && Number(m[2]) < 60) into.add(`${pad(m[1]!)}:${m[2]}`);
  }
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})時(?:(半)|(\d{1,2})分)?/g)) {
    const minutes = m[2] ? 30 : m[3] ? Number(m[3]) : 0;
    into.add(`${pad(m[1]!)}:${pad(minutes)}`);
  }
}

function datesIn(text: string, into: Set<string>) {
  for (const m of text.matchAll(/(?<!\d)(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})日?/g)) {
    into.add(`${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`);
    into.add(`${pad(m[2]!)}-${pad(m[3]!)}`);
  }
  const withoutYears = text.replace(/(?<!\d)\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?/g, ' ');
  for (const m of withoutYears.matchAll(/(?<![\d/])(\d{1,2})(?:月|\/)(\d{1,2})日?(?![\d/])/g)) {
    if (Number(m[1]) >= 1 && Number(m[1]) <= 12) into.add(`${pad(m[1]!)}-${pad(m[2]!)}`);
  }
}

/** The prices, times and dates an answer names. */
export function figuresOfAnswer(answer: string): Figures {
  const text = figureText(answer);
  const prices = new Set<number>();
  for (const m of text.matchAll(/(\d[\d,]*)\s*(?:円|yen)/gi)) prices.add(number(m[1]!));
  for (const m of text.matchAll(/[¥\\]\s*(\d[\d,]*)/g)) prices.add(number(m[1]!));
  const times = new Set<string>();
  timesIn(text, times);
  const dates = new Set<string>();
  datesIn(text, dates);
  return { prices, times, dates };
}

/** Everything the tool results could vouch for: any number, time and date in them. */
export function evidenceOf(results: readonly unknown[]): Figures {
  const text = figureText(JSON.stringify(results));
  const prices = new Set<number>();
  for (const m of text.matchAll(/\d[\d,]*/g)) prices.add(number(m[0]));
  const times = new Set<string>();
  timesIn(text, times);
  const dates = new Set<string>();
  datesIn(text, dates);
  return { prices, times, dates };
}

/** The figures of the answer that no tool result of the run contains, as the answer wrote them. */
export function unbackedFigures(answer: string, results: readonly unknown[]): string[] {
  const named = figuresOfAnswer(answer);
  const evidence = evidenceOf(results);
  const missing: string[] = [];
  for (const price of named.prices)
    if (!evidence.prices.has(price)) missing.push(`${price.toLocaleString('ja-JP')}円`);
  for (const time of named.times) if (!evidence.times.has(time)) missing.push(time);
  for (const date of named.dates) if (!evidence.dates.has(date)) missing.push(date);
  return missing;
}
