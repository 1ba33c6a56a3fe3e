import {
  todayInTokyo,
  type Notification,
  type NotificationAudience,
  type NotificationInput,
} from '@tsunagu/contracts';
import type { KitDraft, MessageKit } from './message-kit';

/** What the compose screen holds (issue 24): title, content, audience and when. */
export type NotificationDraft = {
  title: string;
  source: 'template' | 'new';
  templateId: number | null;
  messages: KitDraft[];
  audienceKind: NotificationAudience['kind'];
  segmentId: number | null;
  tagMatch: 'any' | 'all' | 'none';
  tagIds: number[];
  when: 'now' | 'scheduled';
  /** Tokyo date `YYYY-MM-DD` and time `HH:mm` of a scheduled one. */
  date: string;
  time: string;
};

/** The next whole hour in Tokyo (the schedule picker's first value). */
function nextTokyoHour(now = new Date()): { date: string; time: string } {
  const next = new Date(Math.ceil((now.getTime() + 60_000) / 3_600_000) * 3_600_000);
  const hour = (next.getUTCHours() + 9) % 24;
  return { date: todayInTokyo(next), time: `${String(hour).padStart(2, '0')}:00` };
}

export function emptyNotificationDraft(kit: MessageKit): NotificationDraft {
  return {
    title: '',
    source: 'new',
    templateId: null,
    messages: [kit.emptyDraft('text')],
    audienceKind: 'all',
    segmentId: null,
    tagMatch: 'any',
    tagIds: [],
    when: 'now',
    ...nextTokyoHour(),
  };
}

export function draftOf(notification: Notification, kit: MessageKit): NotificationDraft {
  const { audience, content } = notification;
  const schedule = notification.send_at
    ? { date: notification.send_at.slice(0, 10), time: notification.send_at.slice(11, 16) }
    : nextTokyoHour();
  return {
    title: notification.title,
    source: content.template_id === null ? 'new' : 'template',
    templateId: content.template_id,
    messages:
      content.messages.length > 0
        ? content.messages.map(kit.fromLineMessage)
        : [kit.emptyDraft('text')],
    audienceKind: audience.kind,
    segmentId: audience.kind === 'segment' ? audience.member_query_id : null,
    tagMatch: audience.kind === 'tags' ? audience.match : 'any',
    tagIds: audience.kind === 'tags' ? audience.tag_ids : [],
    when: notification.send_at ? 'scheduled' : 'now',
    ...schedule,
  };
}

/** The audience as the API takes it (ids the operator has not chosen yet stay 0: refused). */
export function audienceOf(draft: NotificationDraft): NotificationAudience {
  if (draft.audienceKind === 'segment')
    return { kind: 'segment', member_query_id: draft.segmentId ?? 0 };
  if (draft.audienceKind === 'tags')
    return { kind: 'tags', match: draft.tagMatch, tag_ids: draft.tagIds };
  return { kind: 'all' };
}

export function contentOf(draft: NotificationDraft, kit: MessageKit): NotificationInput['content'] {
  return draft.source === 'template'
    ? { template_id: draft.templateId ?? 0, kind: 'standard', messages: [] }
    : { template_id: null, kind: 'standard', messages: draft.messages.map(kit.toLineMessage) };
}

export function inputOf(draft: NotificationDraft, kit: MessageKit): NotificationInput {
  return {
    title: draft.title,
    content: contentOf(draft, kit),
    audience: audienceOf(draft),
    send_at: draft.when === 'scheduled' ? `${draft.date}T${draft.time}` : null,
  };
}
