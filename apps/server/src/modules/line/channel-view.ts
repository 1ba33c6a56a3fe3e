import type { LineChannel } from '@tsunagu/contracts';
import type { BotInfo } from './client.js';
import { quotaPauseView } from './quota-pause.js';
import type { ChannelRow } from './repository.js';

/** The channel as the console shows it (`GET /api/line/channel`); not connected: nulls. */
export function toView(row: ChannelRow | undefined, webhookUrl: string): LineChannel {
  return {
    connected: row !== undefined,
    channel_id: row?.channelId ?? null,
    bot: row?.botUserId
      ? {
          user_id: row.botUserId,
          basic_id: row.basicId,
          display_name: row.displayName,
          picture_url: row.pictureUrl,
        }
      : null,
    webhook_url: webhookUrl,
    state: row ? (row.state as LineChannel['state']) : null,
    state_reason: row?.stateReason ?? '',
    token_kind: row ? (row.tokenKind as LineChannel['token_kind']) : null,
    pnp_enabled: row?.pnpEnabled ?? false,
    login_channel_id: row?.loginChannelId ?? '',
    has_login_channel_secret: Boolean(row?.loginChannelSecret),
    liff_id: row?.liffId ?? '',
    tracker_liff_id: row?.trackerLiffId ?? '',
    login_attention: row?.loginAttention ?? '',
    quota_pause: quotaPauseView(row, new Date()),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The bot's profile as the channel row stores it. */
export const botValues = (bot: BotInfo) => ({
  botUserId: bot.userId,
  basicId: bot.basicId,
  displayName: bot.displayName,
  pictureUrl: bot.pictureUrl,
});
