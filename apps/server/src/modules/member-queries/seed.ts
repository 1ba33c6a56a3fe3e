import { memberQueryInputSchema } from '@tsunagu/contracts';
import type { z } from 'zod';
import { memberQueries } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The demo's segments (decision 0145): one of each kind of condition — tags, the follow state,
 * reservations and friend information — checked by the contract as if an operator saved them.
 * Answers their ids in the order given.
 */
export async function seedDemoSegments(
  tx: Executor,
  input: {
    accountId: number;
    tags: { repeater: number; colour: number; dormant: number };
    length: { id: number; longChoices: number[] };
  },
): Promise<{ repeaters: number; colour: number; upcoming: number; longHair: number }> {
  const { accountId, tags, length } = input;
  const segments: z.input<typeof memberQueryInputSchema>[] = [
    {
      name: 'リピーターのお客さま',
      match: 'all',
      conditions: [
        { kind: 'tags', match: 'any', tag_ids: [tags.repeater] },
        { kind: 'follow', state: 'following' },
      ],
    },
    {
      name: 'カラーのお客さま',
      match: 'all',
      conditions: [
        { kind: 'tags', match: 'all', tag_ids: [tags.colour] },
        { kind: 'follow', state: 'following' },
      ],
    },
    {
      name: '1週間以内にご予約のあるお客さま',
      match: 'all',
      conditions: [
        { kind: 'reservation', when: 'upcoming', days: 7 },
        { kind: 'tags', match: 'none', tag_ids: [tags.dormant] },
      ],
    },
    {
      name: 'ミディアム・ロングの方',
      match: 'all',
      conditions: [{ kind: 'var', var_id: length.id, op: 'in', choice_ids: length.longChoices }],
    },
  ];
  const rows = await tx
    .insert(memberQueries)
    .values(
      segments.map((segment) => {
        const { name, match, conditions } = memberQueryInputSchema.parse(segment);
        return { accountId, name, match, conditions };
      }),
    )
    .returning({ id: memberQueries.id });
  const [repeaters, colour, upcoming, longHair] = rows.map((row) => row.id);
  return { repeaters: repeaters!, colour: colour!, upcoming: upcoming!, longHair: longHair! };
}
