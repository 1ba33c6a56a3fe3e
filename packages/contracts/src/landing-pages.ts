import { z } from 'zod';
import { idSchema } from './ids.js';

/**
 * Landing pages (issue 29, decision 0340): campaign pages we host at `/p/{slug}`, built from
 * typed blocks. The console edits the draft; 公開 copies it to the published version, which is
 * what the public page shows.
 */
export const LANDING_TEXT = {
  slugFormat: 'URL は半角英小文字・数字・ハイフンの 3〜60 文字で、先頭と末尾は英数字にしてください',
  slugTaken: 'この URL はすでに使われています',
  notFound: 'ランディングページが見つかりません',
  imageNotFound: '画像が見つかりません',
  formNotFound: 'フォームが見つかりません',
  trackerNotFound: '流入経路が見つかりません',
  noTracker: '友だち追加ボタンには流入経路を選んでください',
  noSalon: '予約ボタンにはサロンを選んでください',
  draftOnly: '公開されていません',
  groupNotFound: 'フォルダが見つかりません',
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);

export const LANDING_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;
export const landingSlugSchema = z
  .string()
  .regex(LANDING_SLUG_PATTERN, { error: LANDING_TEXT.slugFormat });

export const headingBlockSchema = z.object({
  type: z.literal('heading'),
  text: text(100),
  level: z.union([z.literal(1), z.literal(2)]).default(2),
});
export const textBlockSchema = z.object({ type: z.literal('text'), text: text(2000) });
/** An image uploaded through message images (decision 0305), by its id in the account. */
export const imageBlockSchema = z.object({
  type: z.literal('image'),
  image_id: idSchema,
  alt: z.string().trim().max(100).default(''),
});
/** 友だち追加: the page's tracker's `/t/{code}` (so the click and the friend are counted). */
export const friendButtonBlockSchema = z.object({
  type: z.literal('friend_button'),
  label: text(40),
});
/** 予約: the salon's booking page `/r/{publicKey}`. */
export const bookingButtonBlockSchema = z.object({
  type: z.literal('booking_button'),
  label: text(40),
  salon_id: idSchema,
});
/** A link to one of the account's answer forms (`/f/{publicKey}`). */
export const formBlockSchema = z.object({
  type: z.literal('form'),
  label: text(40),
  form_id: idSchema,
});
export const couponBlockSchema = z.object({
  type: z.literal('coupon'),
  title: text(60),
  description: z.string().trim().max(500).default(''),
  code: z.string().trim().max(40).default(''),
  /** The last day it can be used (business date, Asia/Tokyo), or none. */
  valid_until: z.iso.date().nullable().default(null),
});
/** A map as a link to Google Maps (no third-party frame under the page's strict CSP). */
export const mapBlockSchema = z.object({
  type: z.literal('map'),
  address: text(200),
});
export const faqBlockSchema = z.object({
  type: z.literal('faq'),
  items: z
    .array(z.object({ question: text(200), answer: text(1000) }))
    .min(1)
    .max(20),
});

export const landingBlockSchema = z.discriminatedUnion('type', [
  headingBlockSchema,
  textBlockSchema,
  imageBlockSchema,
  friendButtonBlockSchema,
  bookingButtonBlockSchema,
  formBlockSchema,
  couponBlockSchema,
  mapBlockSchema,
  faqBlockSchema,
]);
export type LandingBlock = z.infer<typeof landingBlockSchema>;
export type LandingBlockType = LandingBlock['type'];
export const LANDING_BLOCK_LABELS: Record<LandingBlockType, string> = {
  heading: '見出し',
  text: '文章',
  image: '画像',
  friend_button: '友だち追加ボタン',
  booking_button: '予約ボタン',
  form: 'フォーム',
  coupon: 'クーポン',
  map: '地図',
  faq: 'よくある質問',
};

export const LANDING_MAX_BLOCKS = 50;

/** The draft an operator saves (POST and PUT). */
export const landingPageInputSchema = z.object({
  name: text(100),
  slug: landingSlugSchema,
  /** OGP and <title>. */
  title: text(100),
  description: z.string().trim().max(300).default(''),
  og_image_id: idSchema.nullable().default(null),
  /** The tracker (流入経路) the friend-add button goes through. */
  tracker_id: idSchema.nullable().default(null),
  /** The content group (folder) it is filed in. */
  group_id: idSchema.nullable().default(null),
  blocks: z.array(landingBlockSchema).max(LANDING_MAX_BLOCKS),
});
export type LandingPageInput = z.input<typeof landingPageInputSchema>;

export const landingPageStatsSchema = z.object({
  views: z.number().int(),
  friends: z.number().int(),
  bookings: z.number().int(),
});

export const landingPageSchema = landingPageInputSchema.extend({
  id: z.number().int(),
  /** The public URL, on the pages' own origin (decision 0341). */
  url: z.string(),
  published_at: z.string().nullable(),
  /** The draft differs from what the public page shows. */
  has_unpublished_changes: z.boolean(),
  stats: landingPageStatsSchema,
  updated_at: z.string(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const landingPageListSchema = z.object({
  pages: z.array(landingPageSchema.omit({ blocks: true })),
});
export type LandingPageList = z.infer<typeof landingPageListSchema>;

const namedChoiceSchema = z.object({ id: idSchema, name: z.string() });
/**
 * `GET /api/line/landing_pages/choices`: what a page's blocks may point at, each the account's
 * own — the editor offers them by name instead of typed ids (decision 0423). Images have no name:
 * `label` says its size and upload date, `url` is its preview.
 */
export const landingChoicesSchema = z.object({
  images: z.array(z.object({ id: idSchema, label: z.string(), url: z.string() })),
  forms: z.array(namedChoiceSchema),
  salons: z.array(namedChoiceSchema),
  trackers: z.array(namedChoiceSchema),
});
export type LandingChoices = z.infer<typeof landingChoicesSchema>;

/**
 * Shop sites (decision 0343) at `/s/{slug}`: the top page, then 「メニュー」 (the salon's
 * courses and prices), 「スタッフ」 (its resources) and 「営業時間」 (its calendar), read live at
 * each request; plus pages of raw HTML (PureEdit), sanitised on save and served with the CSP.
 */
export const SITE_TEXT = {
  notFound: 'サイトが見つかりません',
  pageNotFound: 'ページが見つかりません',
  salonNotFound: 'サロンが見つかりません',
  groupNotFound: 'フォルダが見つかりません',
  pathTaken: 'このページの URL はすでに使われています',
  pathReserved: 'menu・staff・hours はお店のページに使われています',
} as const;

export const SITE_RESERVED_PATHS = ['menu', 'staff', 'hours'] as const;
export const SITE_HTML_MAX = 100_000;

export const siteInputSchema = z.object({
  name: text(100),
  slug: landingSlugSchema,
  salon_id: idSchema.nullable().default(null),
  group_id: idSchema.nullable().default(null),
});
export const sitePageInputSchema = z.object({
  title: text(100),
  path: landingSlugSchema,
  html: z.string().max(SITE_HTML_MAX),
});
export type SitePageInput = z.input<typeof sitePageInputSchema>;
export const sitePageSchema = sitePageInputSchema.extend({
  id: z.number().int(),
  site_id: z.number().int(),
  url: z.string(),
  updated_at: z.string(),
});
export type SitePage = z.infer<typeof sitePageSchema>;
export const siteSchema = siteInputSchema.extend({
  id: z.number().int(),
  url: z.string(),
  pages: z.array(sitePageSchema.omit({ html: true })),
});
export type Site = z.infer<typeof siteSchema>;
export const siteListSchema = z.object({ sites: z.array(siteSchema) });
export type SiteList = z.infer<typeof siteListSchema>;
