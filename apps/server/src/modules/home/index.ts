import { homeSummarySchema, todayInTokyo, type HomeSummary } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startOfTokyoMonth } from '../../lib/tokyo-time.js';
import { authOf } from '../auth/index.js';
import { homeCounts } from './repository.js';

const DAY_MS = 24 * 3_600_000;

/** The owner's morning (issue 28): `GET /api/home`, every figure in one statement. */
export async function homeModule(api: FastifyInstance) {
  const routes = api.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/home',
    {
      schema: {
        tags: ['home'],
        summary:
          'トップページの数字: 今日の予約・要対応・今週の新しい友だちとブロック・未読チャット・今月の送信数・今週の送信失敗',
        response: { 200: homeSummarySchema },
      },
    },
    async (request): Promise<HomeSummary> => {
      const now = new Date();
      const today = todayInTokyo(now);
      const counts = await homeCounts(api.db, {
        accountId: authOf(request).accountId,
        today,
        weekAgo: new Date(now.getTime() - 7 * DAY_MS),
        monthStart: startOfTokyoMonth(now),
      });
      return {
        today,
        reservations_today: Number(counts.reservations_today),
        pending_requests: Number(counts.pending_requests),
        new_friends_week: Number(counts.new_friends_week),
        blocks_week: Number(counts.blocks_week),
        unread_chats: Number(counts.unread_chats),
        sent_this_month: Number(counts.sent_this_month),
        failed_sends_week: Number(counts.failed_sends_week),
      };
    },
  );
}
