import { z } from 'zod';

/**
 * Images operators attach to messages (issue 24, decision 0305): an お知らせ's image and a chat
 * reply's. `POST /api/line/message_images` takes the picture itself (image/jpeg or image/png, up
 * to 10 MB, as LINE takes an original) and answers the two public https URLs LINE needs.
 */
export const MESSAGE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** LINE's limit for `previewImageUrl`. */
export const MESSAGE_IMAGE_PREVIEW_MAX_BYTES = 1024 * 1024;

export const MESSAGE_IMAGE_TEXT = {
  notImage: '画像は JPEG か PNG にしてください',
  tooLarge: `画像は${MESSAGE_IMAGE_MAX_BYTES / 1024 / 1024}MB以下にしてください`,
  empty: '画像を選んでください',
  notFound: '画像が見つかりません',
  uploadFailed: '画像をアップロードできませんでした',
} as const;

export const messageImageSchema = z.object({
  id: z.number().int(),
  /** LINE's `originalContentUrl`: the image as uploaded (turned upright, metadata removed). */
  original_url: z.string(),
  /** LINE's `previewImageUrl`: at most 1024 px a side and 1 MB. */
  preview_url: z.string(),
  content_type: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

/** The LINE image message of an uploaded image. */
export const lineImageMessageOf = (image: Pick<MessageImage, 'original_url' | 'preview_url'>) => ({
  type: 'image' as const,
  originalContentUrl: image.original_url,
  previewImageUrl: image.preview_url,
});
