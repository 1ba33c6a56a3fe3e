import { createdIdSchema, MEMBER_QUERY_NAME_MAX, todayInTokyo } from '@tsunagu/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pagePaths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { useToast } from '@/ui/toast';

type Count = {
  funnelId: number;
  name: string;
  step: number;
  reached: boolean;
  action: 'segment' | 'notification';
};

/** 「追加から予約 ステップ2 到達（2026-11-26）」: the funnel's name, the count and the day. */
export function segmentNameOf(count: Omit<Count, 'action'>, today: string): string {
  const suffix = ` ステップ${count.step} ${count.reached ? '到達' : '未到達'}（${today}）`;
  const name = count.name.trim() || 'ファネル';
  return name.slice(0, MEMBER_QUERY_NAME_MAX - suffix.length) + suffix;
}

/**
 * A funnel's count as a live segment (decision 0430): saved with one funnel condition, then the
 * segments list — or NotificationNew with it as the audience (`?segment=`).
 */
export function useCountToSegment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (count: Count) => {
      const name = segmentNameOf(count, todayInTokyo());
      const { id } = await apiRequest('/api/journey/member_queries', {
        method: 'POST',
        body: {
          name,
          match: 'all',
          conditions: [
            { kind: 'funnel', funnel_id: count.funnelId, step: count.step, reached: count.reached },
          ],
        },
        schema: createdIdSchema,
      });
      return { id, name, action: count.action };
    },
    onSuccess: async ({ id, name, action }) => {
      await queryClient.invalidateQueries({ queryKey: ['segments'] });
      toast.success(`セグメント「${name}」を作成しました`);
      await navigate(
        action === 'segment' ? pagePaths.SegmentList : `${pagePaths.NotificationNew}?segment=${id}`,
      );
    },
  });
}
