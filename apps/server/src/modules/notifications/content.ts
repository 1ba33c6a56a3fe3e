import { NOTIFICATION_TEXT, type notificationContentSchema } from '@tsunagu/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/types.js';
import { fieldError } from '../../lib/validate.js';
import * as repository from './repository.js';
import type { NotificationRow } from './repository.js';

export type NotificationContent = z.output<typeof notificationContentSchema>;

/** The messages a お知らせ sends: its template's as they are now, or its own. */
export async function messagesOf(
  executor: Executor,
  accountId: number,
  content: NotificationContent,
) {
  if (content.template_id === null) return content.messages;
  const template = await repository.templateOf(executor, accountId, content.template_id);
  if (!template) throw fieldError('content.template_id', NOTIFICATION_TEXT.templateNotFound);
  return template.messages;
}

/** A stored お知らせ's content as the compose screen sent it. */
export const contentOfRow = (found: NotificationRow): NotificationContent => ({
  template_id: found.templateId,
  kind: found.kind as NotificationContent['kind'],
  messages: found.messages,
});
