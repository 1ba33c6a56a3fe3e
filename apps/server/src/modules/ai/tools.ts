import {
  addDaysToDateValue,
  openingFor,
  todayInTokyo,
  weekdayOfDateValue,
  type AiQa,
  type AiToolCall,
} from '@tsunagu/contracts';
import type { ToolSet, tool as sdkTool } from 'ai';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { commonVars } from '../../db/schema/index.js';
import type { Database } from '../../db/types.js';
import {
  availability,
  listPublicCourses,
  loadAvailabilityInput,
} from '../salon-availability/index.js';
import type { ConfigService } from '../salon-configs/index.js';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
const DAYS_AHEAD = 31;

export interface ToolContext {
  db: Database;
  configs: ConfigService;
  accountId: number;
  salon: { id: number; name: string; publicKey: string } | undefined;
  qas: readonly AiQa[];
  publicOrigin: string;
  now: Date;
}

/** The SDK's `tool` is the identity; this one keeps the SDK itself unloaded (decision 0460). */
const tool = ((definition: unknown) => definition) as typeof sdkTool;

const yen = (price: number) => `${price.toLocaleString('ja-JP')}円`;

/** Courses (menus): name, duration and price tax included. */
export async function readCourses(context: ToolContext) {
  if (!context.salon) return { courses: [] };
  const rows = await listPublicCourses(context.db, context.salon.id);
  return {
    courses: rows.map((row) => ({
      id: row.id,
      name: row.name,
      duration_minutes: row.durationMinutes,
      price: yen(row.price),
    })),
  };
}

/** The opening hours and closed days of the next 7 days (Tokyo). */
export async function readOpeningHours(context: ToolContext) {
  const { salon, configs } = context;
  if (!salon) return { days: [] };
  const today = todayInTokyo(context.now);
  const days = [];
  for (let i = 0; i < 7; i += 1) {
    const date = addDaysToDateValue(today, i);
    const day = openingFor(await configs.opening(salon.id, Number(date.slice(0, 4))), date);
    days.push({
      date,
      weekday: WEEKDAYS[weekdayOfDateValue(date)],
      open: day?.is_open ?? false,
      from: day?.is_open ? day.from : null,
      to: day?.is_open ? day.to : null,
    });
  }
  return { today, days };
}

/** The online booking page's URL, or null when the salon takes no online bookings. */
export async function readBookingUrl(context: ToolContext) {
  const { salon, configs } = context;
  if (!salon) return { url: null };
  const config = await configs.get(salon.id).catch(() => undefined);
  const url = config?.enable_online
    ? configs.onlineUrl(context.publicOrigin, salon.publicKey)
    : null;
  return { url };
}

/** The account's common information (phone, address, campaigns …), at most 100 items. */
export async function readCommonInfo(context: ToolContext) {
  const rows = await context.db
    .select({ name: commonVars.name, value: commonVars.value })
    .from(commonVars)
    .where(eq(commonVars.accountId, context.accountId))
    .orderBy(asc(commonVars.order), asc(commonVars.id));
  return { items: rows.slice(0, 100) };
}

/**
 * The shop's own data the model may read (issue 31, decision 0351), live and scoped by the
 * account: Q&A, courses and prices, opening hours and closed days, free slots from the
 * availability engine, the booking URL and the common information. Every call and its result
 * is recorded in `calls` — what the answer check compares against.
 */
export function shopTools(context: ToolContext, calls: AiToolCall[]): ToolSet {
  const { db, configs, salon } = context;
  const today = todayInTokyo(context.now);
  const record = <T>(name: string, result: T): T => {
    calls.push({ name, result });
    return result;
  };
  const inRange = (date: string) =>
    date >= today && date <= addDaysToDateValue(today, DAYS_AHEAD) ? date : today;

  return {
    search_faq: tool({
      description: 'お店のよくある質問（Q&A）の一覧を返します。',
      inputSchema: z.object({}),
      execute: async () => record('search_faq', { qas: context.qas }),
    }),
    list_courses: tool({
      description: 'コース（メニュー）名・所要時間・税込料金の一覧を返します。',
      inputSchema: z.object({}),
      execute: async () => record('list_courses', await readCourses(context)),
    }),
    opening_hours: tool({
      description: '今日から7日間の営業時間と休業日を返します（日本時間）。',
      inputSchema: z.object({}),
      execute: async () => record('opening_hours', await readOpeningHours(context)),
    }),
    free_slots: tool({
      description:
        '指定日（YYYY-MM-DD、日本時間）の予約の空き開始時刻をコースごとに返します。course_id を省くと全コース。',
      inputSchema: z.object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        course_id: z.number().int().optional(),
      }),
      execute: async ({ date, course_id }) => {
        if (!salon) return record('free_slots', { date, courses: [] });
        const day = inRange(date);
        const courses = (await listPublicCourses(db, salon.id)).filter(
          (course) => course_id === undefined || course.id === course_id,
        );
        const result = [];
        for (const course of courses.slice(0, 10)) {
          const { input } = await loadAvailabilityInput(db, configs, {
            salonId: salon.id,
            courseId: course.id,
            resourceId: null,
            range: { start: day, end: day },
            now: context.now,
            audience: 'online',
          });
          const free = availability(input)
            .flatMap((entry) => entry.slots)
            .filter((slot) => slot.available)
            .map((slot) => slot.from);
          result.push({ course_id: course.id, course: course.name, free_starts: free });
        }
        return record('free_slots', { date: day, courses: result });
      },
    }),
    booking_url: tool({
      description: 'オンライン予約ページのURLを返します（受付していなければ null）。',
      inputSchema: z.object({}),
      execute: async () => record('booking_url', await readBookingUrl(context)),
    }),
    common_info: tool({
      description: 'お店の共通情報（電話番号・住所・キャンペーンなど）を返します。',
      inputSchema: z.object({}),
      execute: async () => record('common_info', await readCommonInfo(context)),
    }),
  };
}

/**
 * The shop's data that does not change by the hour, read through the same readers as the tools
 * and recorded as their calls (decision 0480): courses and prices, opening hours and closed
 * days, the booking URL and the common information — not the free slots.
 */
export async function readStableShopData(context: ToolContext): Promise<AiToolCall[]> {
  return [
    { name: 'list_courses', result: await readCourses(context) },
    { name: 'opening_hours', result: await readOpeningHours(context) },
    { name: 'booking_url', result: await readBookingUrl(context) },
    { name: 'common_info', result: await readCommonInfo(context) },
  ];
}
