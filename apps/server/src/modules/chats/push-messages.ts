import type { ChatDeliveryState, ChatMessage, ChatSender } from '@tsunagu/contracts';
import { kindOf } from './preview.js';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Who or what queued a push, by its dedupe key (decision 0230). */
function senderOfPush(key: string | null, many: boolean, personal: boolean): ChatSender {
  if (many || (key === null && personal)) return 'broadcast';
  if (key === null) return 'template';
  const prefix = key.split(':', 1)[0];
  if (prefix === 'jrn') return 'journey';
  if (prefix === 'epi') return 'episode';
  if (prefix === 'trg') return 'trigger';
  if (prefix === 'online') return 'online_action';
  if (prefix === 'remind') return 'reminder';
  return 'system';
}

export function pushStateOf(state: string): ChatDeliveryState {
  if (state === 'sent') return 'sent';
  if (state === 'unknown') return 'unknown';
  if (state === 'queued' || state === 'sending') return 'sending';
  return 'failed';
}

export type PushRow = {
  id: number;
  memberId: number | null;
  messages: unknown;
  renderAliases: boolean;
  dedupeKey: string | null;
  state: string;
  reason: string;
  at: Date;
};

/** A push's messages as the thread shows them (`p{id}-{n}`). */
export function pushMessages(row: PushRow): ChatMessage[] {
  const list = Array.isArray(row.messages) ? (row.messages as Record<string, unknown>[]) : [];
  const via = row.memberId === null ? 'multicast' : 'push';
  return list.map((message, index) => {
    const kind = kindOf(message.type);
    return {
      id: `p${row.id}-${index}`,
      direction: 'out',
      kind,
      text: kind === 'text' ? str(message.text) : str(message.altText),
      unsent: false,
      sticker:
        kind === 'sticker'
          ? {
              package_id: String(message.packageId ?? ''),
              sticker_id: String(message.stickerId ?? ''),
            }
          : null,
      location: null,
      media:
        kind === 'image' || kind === 'video' || kind === 'audio'
          ? {
              state: 'external',
              url: str(message.originalContentUrl),
              content_type: null,
              size: null,
              file_name: null,
              duration_ms: null,
            }
          : null,
      quote_token: null,
      sender: senderOfPush(row.dedupeKey, row.memberId === null, row.renderAliases),
      operator: null,
      delivery: { via, state: pushStateOf(row.state), reason: row.reason },
      sent_at: row.at.toISOString(),
    };
  });
}
