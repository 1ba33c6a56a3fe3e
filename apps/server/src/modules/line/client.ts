import type { LineErrorDetail } from '@tsunagu/contracts';
import type {
  LineReplyMessageRequest,
  LineSetWebhookEndpointRequest,
  LineShowLoadingAnimationRequest,
  LineTestWebhookEndpointRequest,
} from '../../lib/line-types/index.js';
import { createLineApiCall, LineApiError } from './line-api-call.js';

/**
 * The LINE Platform calls a connected channel needs, shaped as LINE's OpenAPI documents
 * (`line/line-openapi`: messaging-api.yml, channel-access-token.yml) say, against
 * LINE_API_BASE (tests point it at a fake LINE on loopback). Management calls are rare, so plain
 * `fetch` with a deadline; the notification sender keeps its own connection pool (tel/sender.ts).
 */
export type { LineErrorDetail };
export { LineApiError };

export interface BotInfo {
  userId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string;
}

export interface WebhookTestResult {
  success: boolean;
  statusCode: number;
  reason: string;
  detail: string;
}

export function createLineClient(apiBase: string, timeoutMs?: number) {
  const { call, json, sendJson } = createLineApiCall(apiBase, timeoutMs);

  return {
    /** `GET /v2/bot/info`: proves the token and names the bot (the webhook's `destination`). */
    async botInfo(token: string): Promise<BotInfo> {
      const info = await json<Partial<BotInfo>>('/v2/bot/info', { method: 'GET', token });
      if (typeof info.userId !== 'string') throw new LineApiError(502, 'bot info without userId');
      return {
        userId: info.userId,
        basicId: info.basicId ?? '',
        displayName: info.displayName ?? '',
        pictureUrl: info.pictureUrl ?? '',
      };
    },

    /** `POST /oauth2/v3/token`: a stateless channel access token (15 minutes) from id and secret. */
    async issueStatelessToken(channelId: string, channelSecret: string) {
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: channelId,
        client_secret: channelSecret,
      });
      const issued = await json<{ access_token?: unknown; expires_in?: unknown }>(
        '/oauth2/v3/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        },
      );
      if (typeof issued.access_token !== 'string' || typeof issued.expires_in !== 'number')
        throw new LineApiError(502, 'token response without access_token');
      return { accessToken: issued.access_token, expiresInSeconds: issued.expires_in };
    },

    /** `PUT /v2/bot/channel/webhook/endpoint`. */
    async setWebhookEndpoint(token: string, endpoint: string): Promise<void> {
      await call('/v2/bot/channel/webhook/endpoint', {
        method: 'PUT',
        token,
        ...sendJson<LineSetWebhookEndpointRequest>({ endpoint }),
      });
    },

    /** `POST /v2/bot/channel/webhook/test`: LINE calls the endpoint and says what it got. */
    async testWebhookEndpoint(token: string, endpoint: string): Promise<WebhookTestResult> {
      const result = await json<Partial<WebhookTestResult>>('/v2/bot/channel/webhook/test', {
        method: 'POST',
        token,
        ...sendJson<LineTestWebhookEndpointRequest>({ endpoint }),
      });
      return {
        success: result.success === true,
        statusCode: typeof result.statusCode === 'number' ? result.statusCode : 0,
        reason: typeof result.reason === 'string' ? result.reason : '',
        detail: typeof result.detail === 'string' ? result.detail : '',
      };
    },

    /** `GET /v2/bot/profile/{userId}`: a friend's name and icon (404 once they are no friend). */
    async profile(
      token: string,
      userId: string,
    ): Promise<{ displayName: string; pictureUrl: string }> {
      const profile = await json<{ displayName?: unknown; pictureUrl?: unknown }>(
        `/v2/bot/profile/${encodeURIComponent(userId)}`,
        { method: 'GET', token },
      );
      return {
        displayName:
          typeof profile.displayName === 'string' ? profile.displayName.slice(0, 100) : '',
        pictureUrl:
          typeof profile.pictureUrl === 'string' && profile.pictureUrl.startsWith('https://')
            ? profile.pictureUrl.slice(0, 1000)
            : '',
      };
    },

    /**
     * `POST /v2/bot/message/validate/push`: LINE checks messages as it would push them; a
     * LineApiError 400 with `details` names what it refuses (`messages[0].text`).
     */
    async validatePush(token: string, messages: unknown[]): Promise<void> {
      const response = await call('/v2/bot/message/validate/push', {
        method: 'POST',
        token,
        ...sendJson({ messages }),
      });
      await response.body?.cancel();
    },

    /**
     * `POST /v2/bot/message/reply` (issue 24): messages with a friend's reply token — free, once
     * per token, within about a minute of the friend's message. LINE answers 400 to a used or
     * expired token; status 0 (a timeout) leaves open whether LINE took it.
     */
    async reply(token: string, replyToken: string, messages: unknown[]): Promise<void> {
      const response = await call('/v2/bot/message/reply', {
        method: 'POST',
        token,
        ...sendJson({ replyToken, messages } as LineReplyMessageRequest),
      });
      await response.body?.cancel();
    },

    /**
     * `POST /v2/bot/chat/loading/start` (202): the friend sees the loading animation in their
     * chat for `loadingSeconds` (5…60, a multiple of 5) or until a message from us arrives.
     */
    async showLoadingAnimation(token: string, chatId: string, loadingSeconds: number) {
      const response = await call('/v2/bot/chat/loading/start', {
        method: 'POST',
        token,
        ...sendJson<LineShowLoadingAnimationRequest>({ chatId, loadingSeconds }),
      });
      await response.body?.cancel();
    },

    /** `POST /v2/bot/chat/markAsRead`: the friend sees 既読 up to the message of this token. */
    async markAsRead(token: string, markAsReadToken: string): Promise<void> {
      const response = await call('/v2/bot/chat/markAsRead', {
        method: 'POST',
        token,
        ...sendJson({ markAsReadToken }),
      });
      await response.body?.cancel();
    },

    /**
     * `GET /v2/bot/insight/message/event?requestId=…`: LINE's statistics of one sent request
     * (`overview`; its numbers are null under 20 recipients or before LINE has counted them).
     */
    async messageEvent(
      token: string,
      requestId: string,
    ): Promise<{
      delivered: number | null;
      uniqueImpression: number | null;
      uniqueClick: number | null;
    }> {
      const body = await json<{ overview?: Record<string, unknown> }>(
        `/v2/bot/insight/message/event?requestId=${encodeURIComponent(requestId)}`,
        { method: 'GET', token },
      );
      const count = (value: unknown) => (typeof value === 'number' ? value : null);
      return {
        delivered: count(body.overview?.delivered),
        uniqueImpression: count(body.overview?.uniqueImpression),
        uniqueClick: count(body.overview?.uniqueClick),
      };
    },

    /** `GET /v2/bot/message/quota` and `/quota/consumption`: this month's limit and use. */
    async quota(token: string): Promise<{ limit: number | null; used: number }> {
      const [quota, consumption] = await Promise.all([
        json<{ type?: unknown; value?: unknown }>('/v2/bot/message/quota', {
          method: 'GET',
          token,
        }),
        json<{ totalUsage?: unknown }>('/v2/bot/message/quota/consumption', {
          method: 'GET',
          token,
        }),
      ]);
      return {
        limit: quota.type === 'limited' && typeof quota.value === 'number' ? quota.value : null,
        used: typeof consumption.totalUsage === 'number' ? consumption.totalUsage : 0,
      };
    },
  };
}

export type LineClient = ReturnType<typeof createLineClient>;
