import { journeyInputSchema, type JourneyInput } from '@tsunagu/contracts';
import {
  journeyGroups,
  journeyRuns,
  journeyTagMembers,
  journeyTags,
  journeys,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

const DAY_MS = 86_400_000;

/**
 * The demo's journeys (decision 0169), in a folder and outside it, checked by the contract as if
 * an operator saved them: a welcome after a follow, a thank-you after a booking with a branch on
 * a segment, a birthday journey and one a trigger starts. Only the last is on, and only the
 * demo's own `pos_checkout` event starts it; the others are drafts (nobody enters them until an
 * operator turns one on, so tests that follow, tag or book never start one). The welcome shows
 * the friends who went through it before it was paused, and the journey tag they got.
 * Answers the id of the journey triggers may start.
 */
export async function seedDemoJourneys(
  tx: Executor,
  input: {
    accountId: number;
    salonId: number;
    members: readonly { id: number; followedAt: Date | null }[];
    tags: { newcomer: number; campaign: number };
    segments: { repeaters: number };
    templates: {
      greeting: number;
      beforeVisit: number;
      thanks: number;
      nextBooking: number;
      birthday: number;
      birthdayNote: number;
      comeBack: number;
    };
  },
): Promise<{ afterPurchase: number }> {
  const { accountId, salonId, members, tags, segments, templates } = input;
  const [welcomeTag, thankedTag] = await tx
    .insert(journeyTags)
    .values([
      { accountId, name: 'ごあいさつ済み', order: 1 },
      { accountId, name: 'お礼送信済み', order: 2 },
    ])
    .returning({ id: journeyTags.id });
  const [group] = await tx
    .insert(journeyGroups)
    .values({ accountId, name: '新規のお客さま', order: 1 })
    .returning({ id: journeyGroups.id });
  const groupId = group?.id ?? null;
  const planned: (JourneyInput & { order: number; favorite?: boolean })[] = [
    {
      name: '友だち追加のごあいさつ',
      group_id: groupId,
      order: 1,
      favorite: true,
      entry: { kind: 'follow' },
      steps: [
        { kind: 'send', template_id: templates.greeting },
        { kind: 'add_tag', tag_id: tags.newcomer },
        { kind: 'add_journey_tag', journey_tag_id: welcomeTag!.id },
        { kind: 'wait', days: 3, hours: 0, minutes: 0, at_time: '12:00' },
        { kind: 'send', template_id: templates.nextBooking },
      ],
    },
    {
      name: '初回予約のフォロー',
      group_id: groupId,
      order: 2,
      entry: { kind: 'reservation', salon_id: salonId },
      steps: [
        { kind: 'send', template_id: templates.beforeVisit },
        { kind: 'wait', days: 1, hours: 0, minutes: 0, at_time: '19:00' },
        { kind: 'send', template_id: templates.thanks },
        { kind: 'add_journey_tag', journey_tag_id: thankedTag!.id },
        { kind: 'branch', member_query_id: segments.repeaters, otherwise: null },
        { kind: 'wait', days: 30, hours: 0, minutes: 0, at_time: '11:00' },
        { kind: 'send', template_id: templates.nextBooking },
      ],
    },
    {
      name: 'お誕生月のお祝い',
      group_id: null,
      order: 1,
      entry: { kind: 'tag_added', tag_id: tags.campaign },
      steps: [
        { kind: 'send', template_id: templates.birthdayNote },
        { kind: 'send', template_id: templates.birthday },
        { kind: 'wait', days: 14, hours: 0, minutes: 0, at_time: '10:00' },
        { kind: 'send', template_id: templates.comeBack },
      ],
    },
    {
      name: 'お会計後のお礼（POS連携）',
      group_id: null,
      order: 2,
      is_active: true,
      entry: { kind: 'trigger' },
      steps: [
        { kind: 'wait', days: 0, hours: 2, minutes: 0, at_time: null },
        { kind: 'send', template_id: templates.thanks },
      ],
    },
  ];
  const rows = await tx
    .insert(journeys)
    .values(
      planned.map((journey) => {
        const parsed = journeyInputSchema.parse(journey);
        return {
          accountId,
          groupId: parsed.group_id,
          name: parsed.name,
          order: journey.order,
          favorite: journey.favorite ?? false,
          favoriteOrder: journey.favorite ? 1 : null,
          isActive: parsed.is_active,
          activatedAt: parsed.is_active ? new Date() : null,
          entry: parsed.entry,
          steps: parsed.steps,
        };
      }),
    )
    .returning({ id: journeys.id });
  const welcome = rows[0]!.id;

  // Friends who went through the welcome before it was paused: finished runs and its tag.
  const now = Date.now();
  const walked = members.slice(0, 60).filter((_, index) => index % 3 === 0);
  if (walked.length > 0) {
    await tx.insert(journeyRuns).values(
      walked.map((member, index) => {
        const started = member.followedAt ?? new Date(now - (20 + index) * DAY_MS);
        return {
          accountId,
          journeyId: welcome,
          memberId: member.id,
          // As the follow entry keys a run (enrolment.ts), so turning it on does not resend.
          entryKey: `follow:${Math.floor(started.getTime() / 1000)}`,
          stepIndex: 5,
          dueAt: started,
          state: 'finished',
          endReason: null,
          startedAt: started,
          endedAt: new Date(started.getTime() + 3 * DAY_MS),
        };
      }),
    );
    await tx.insert(journeyTagMembers).values(
      walked.map((member) => ({
        journeyId: welcome,
        journeyTagId: welcomeTag!.id,
        memberId: member.id,
      })),
    );
  }
  return { afterPurchase: rows[3]!.id };
}
