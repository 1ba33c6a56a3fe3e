import { slotLabel, tokyoParts } from './slot-times.js';

/**
 * The texts pushed to a friend about an event (decision 0312): the booking confirmation, the
 * reminders and a waitlist offer. An organiser's text may insert {イベント名} {日時} {場所}
 * {友だち名}; the place (or online URL) is the booked friend's to know.
 */
export interface EventTextContext {
  title: string;
  startsAt: Date;
  endsAt: Date;
  place: string;
  onlineUrl: string;
  friendName: string;
  /** The friend's page of the event (absolute when PUBLIC_ORIGIN is set), or ''. */
  pageUrl: string;
}

function when(context: EventTextContext) {
  return `${slotLabel(context.startsAt)}〜${tokyoParts(context.endsAt).time}`;
}

function where(context: EventTextContext) {
  return [context.place, context.onlineUrl].filter((part) => part !== '').join(' ');
}

export function fillEventText(text: string, context: EventTextContext): string {
  return text
    .replaceAll('{イベント名}', context.title)
    .replaceAll('{日時}', when(context))
    .replaceAll('{場所}', where(context))
    .replaceAll('{友だち名}', context.friendName);
}

export function confirmationText(custom: string, context: EventTextContext): string {
  if (custom.trim() !== '') return fillEventText(custom, context);
  const lines = [
    `「${context.title}」のご予約を承りました。`,
    `日時: ${when(context)}`,
    where(context) ? `場所: ${where(context)}` : '',
    context.pageUrl ? `予約の確認・キャンセル: ${context.pageUrl}` : '',
  ];
  return lines.filter((line) => line !== '').join('\n');
}

export function offerText(context: EventTextContext, expiresAt: Date): string {
  const lines = [
    `キャンセル待ちの「${context.title}」${when(context)}の回に空きが出ました。`,
    `${slotLabel(expiresAt)}までに予約を確定してください。期限を過ぎると次の方にご案内します。`,
    context.pageUrl ? `確定する: ${context.pageUrl}` : '',
  ];
  return lines.filter((line) => line !== '').join('\n');
}

/** Staff moved the booked slot: the new date, time and place, and the old date for reference. */
export function slotChangedText(context: EventTextContext, formerStart: Date): string {
  const lines = [
    `ご予約の「${context.title}」の日時・場所が変更になりました。`,
    `新しい日時: ${when(context)}`,
    where(context) ? `場所: ${where(context)}` : '',
    `（変更前: ${slotLabel(formerStart)}）`,
    context.pageUrl ? `予約の確認・キャンセル: ${context.pageUrl}` : '',
  ];
  return lines.filter((line) => line !== '').join('\n');
}
