import { EPISODE_TYPE, FOLLOW_TYPE } from '@tsunagu/contracts';
import { episodeSteps, episodes } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

type DemoStep = {
  anchor: 'booked' | 'visit' | 'followed';
  offsetDays: number;
  atTime: string | null;
  templateId: number;
  addTagIds?: number[];
  removeTagIds?: number[];
};

/**
 * The demo's step messages (decision 0167): an episode around each booking (at once, the eve of
 * the visit, the day after) and a follow after a friend is added. They are not attached to the
 * salon (サロン設定), so nothing is sent until an operator chooses them there.
 */
export async function seedDemoEpisodes(
  tx: Executor,
  input: {
    accountId: number;
    templates: { beforeVisit: number; thanks: number; greeting: number; nextBooking: number };
    tags: { newcomer: number; repeater: number };
  },
): Promise<void> {
  const { accountId, templates, tags } = input;
  const [booking, follow] = await tx
    .insert(episodes)
    .values([
      { accountId, name: 'ご予約からご来店後まで', type: EPISODE_TYPE },
      { accountId, name: '友だち追加後のフォロー', type: FOLLOW_TYPE },
    ])
    .returning({ id: episodes.id });
  if (!booking || !follow) throw new Error('seed: episodes not created');
  const steps: [number, DemoStep[]][] = [
    [
      booking.id,
      [
        { anchor: 'booked', offsetDays: 0, atTime: null, templateId: templates.beforeVisit },
        { anchor: 'visit', offsetDays: -1, atTime: '18:00', templateId: templates.beforeVisit },
        {
          anchor: 'visit',
          offsetDays: 1,
          atTime: '12:00',
          templateId: templates.thanks,
          addTagIds: [tags.repeater],
          removeTagIds: [tags.newcomer],
        },
        { anchor: 'visit', offsetDays: 30, atTime: '11:00', templateId: templates.nextBooking },
      ],
    ],
    [
      follow.id,
      [
        {
          anchor: 'followed',
          offsetDays: 0,
          atTime: '12:00',
          templateId: templates.greeting,
          addTagIds: [tags.newcomer],
        },
        { anchor: 'followed', offsetDays: 7, atTime: '19:00', templateId: templates.nextBooking },
      ],
    ],
  ];
  await tx.insert(episodeSteps).values(
    steps.flatMap(([episodeId, list]) =>
      list.map((step, index) => ({
        episodeId,
        order: index + 1,
        anchor: step.anchor,
        offsetDays: step.offsetDays,
        atTime: step.atTime,
        templateId: step.templateId,
        addTagIds: step.addTagIds ?? [],
        removeTagIds: step.removeTagIds ?? [],
      })),
    ),
  );
}
