import { CHAT_TEXT, type ChatMessageKind, type ChatSendInput } from '@tsunagu/contracts';
import { and, eq } from 'drizzle-orm';
import { chatMessages, messageTemplates } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';
import { fieldError } from '../../lib/validate.js';
import { renderMessages, type RenderMessage } from '../message-aliases/index.js';
import { imageMessageOf } from '../message-images/index.js';
import { announceChat } from './events.js';
import { kindOf, previewOf } from './preview.js';
import { touchThread } from './threads.js';

/** What an operator's send turns into: LINE message objects, rendered for the friend. */
export async function outgoingMessages(
  db: Executor,
  renderMessage: RenderMessage,
  accountId: number,
  friendId: number,
  input: ChatSendInput,
  /** Where LINE fetches an uploaded image (PUBLIC_ORIGIN, or the request's origin). */
  origin: string,
) {
  let messages: unknown[];
  if (input.template_id !== undefined) {
    const [template] = await db
      .select({ messages: messageTemplates.messages })
      .from(messageTemplates)
      .where(
        and(eq(messageTemplates.accountId, accountId), eq(messageTemplates.id, input.template_id)),
      );
    if (!template) throw fieldError('template_id', CHAT_TEXT.templateNotFound);
    messages = template.messages as unknown[];
  } else if (input.image_id !== undefined) {
    messages = [await imageMessageOf(db, accountId, input.image_id, origin, 'image_id')];
  } else if (input.image_url !== undefined) {
    messages = [
      { type: 'image', originalContentUrl: input.image_url, previewImageUrl: input.image_url },
    ];
  } else {
    messages = [
      {
        type: 'text',
        text: input.text ?? '',
        ...(input.quote_token ? { quoteToken: input.quote_token } : {}),
      },
    ];
  }
  return renderMessages(renderMessage, accountId, friendId, messages);
}

/** Who sends through the chat: an operator, or the automatic answers of 生成AI設定. */
export type ChatAuthor = { sender: 'operator'; operatorId: number } | { sender: 'ai' };

/**
 * An operator's (or the AI's) sent messages in the friend's thread (`direction = 'out'`), the
 * thread moved and the change announced, in the caller's transaction; answers the new rows' ids.
 */
export async function recordOutgoing(
  tx: Executor,
  accountId: number,
  friendId: number,
  author: ChatAuthor,
  messages: unknown[],
  delivery: { via: 'reply' | 'push'; state: 'sent' | 'sending' | 'unknown'; reason: string },
  pushId: number | null,
) {
  const at = new Date();
  const ids: number[] = [];
  for (const message of messages as Record<string, unknown>[]) {
    const kind: ChatMessageKind = kindOf(message.type);
    const [row] = await tx
      .insert(chatMessages)
      .values({
        accountId,
        memberId: friendId,
        direction: 'out',
        kind,
        text: kind === 'text' && typeof message.text === 'string' ? message.text : null,
        payload: message,
        mediaState: kind === 'image' ? 'external' : null,
        sender: author.sender,
        operatorId: author.sender === 'operator' ? author.operatorId : null,
        via: delivery.via,
        deliveryState: delivery.state,
        deliveryReason: delivery.reason,
        pushId,
        sentAt: at,
      })
      .returning({ id: chatMessages.id });
    ids.push(row!.id);
    await touchThread(tx, accountId, friendId, {
      at,
      kind,
      preview: previewOf(kind, kind === 'text' ? String(message.text ?? '') : null),
    });
  }
  await announceChat(tx, accountId, { type: 'message', friendId, messageId: `m${ids[0]}` });
  return ids;
}
