import {
  templatePreview,
  type Notification,
  type NotificationAudience,
  type NotificationPath,
  type NotificationState,
  type NotificationStats,
  type NotificationSummary,
} from '@tsunagu/contracts';
import { toTokyoIso, toTokyoIsoOrNull } from '../../lib/tokyo-time.js';
import type { NotificationRow, PushTally } from './repository.js';

/** A Tokyo wall-clock `YYYY-MM-DDTHH:mm` of an instant. */
export const toTokyoMinute = (instant: Date | null) =>
  instant === null ? null : toTokyoIso(instant).slice(0, 16);

/**
 * Friends sent, failed (LINE's reasons, blocked friends included) and still waiting: the settled
 * tallies (decision 0225), and what is left of the friends it was queued for.
 */
export function statsOf(tallies: PushTally[], queuedFor: number | null): NotificationStats {
  const stats: NotificationStats = { sent: 0, failed: 0, pending: 0, reasons: [] };
  const reasons = new Map<string, number>();
  let settled = 0;
  for (const tally of tallies) {
    settled += tally.friends;
    if (tally.state === 'sent') stats.sent += tally.friends;
    else if (tally.state !== 'withdrawn') {
      stats.failed += tally.friends;
      reasons.set(tally.reason, (reasons.get(tally.reason) ?? 0) + tally.friends);
    }
  }
  stats.pending = Math.max(0, (queuedFor ?? 0) - settled);
  stats.reasons = [...reasons]
    .map(([reason, friends]) => ({ reason, friends }))
    .sort((a, b) => b.friends - a.friends || a.reason.localeCompare(b.reason));
  return stats;
}

/** A sending one whose pushes are all settled shows as 配信済み (any sent) or 失敗. */
export function stateOf(row: NotificationRow, stats: NotificationStats): NotificationState {
  const state = row.state as NotificationState;
  if (state !== 'sending' || row.queuedAt === null || stats.pending > 0) return state;
  return stats.sent > 0 ? 'sent' : 'failed';
}

export function summaryOf(
  row: NotificationRow,
  tallies: PushTally[],
  audienceLabel: string,
  messages: readonly unknown[],
): NotificationSummary {
  const stats = statsOf(tallies, row.friends);
  return {
    id: row.id,
    title: row.title,
    state: stateOf(row, stats),
    audience: row.audience as NotificationAudience,
    audience_label: audienceLabel,
    send_at: toTokyoMinute(row.sendAt),
    queued_at: toTokyoIsoOrNull(row.queuedAt),
    path: row.path as NotificationPath | null,
    friends: row.friends,
    reason: row.reason,
    stats,
    preview: templatePreview(messages),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function notificationOf(
  summary: NotificationSummary,
  row: NotificationRow,
  template: { name: string } | undefined,
): Notification {
  return {
    ...summary,
    content: {
      template_id: row.templateId,
      template_name: template?.name ?? null,
      kind: row.kind as Notification['content']['kind'],
      messages: row.messages,
    },
  };
}
