import type { Journey, JourneyEntry, JourneyStepInput } from '@tsunagu/contracts';

/** What the journey editor edits: the journey without its id and counts. */
export type Draft = {
  name: string;
  group_id: number | null;
  is_active: boolean;
  entry: JourneyEntry;
  steps: JourneyStepInput[];
};

/** A saved journey's values, or a new one: off, entered by a trigger, in the `?group=` folder. */
export const draftOf = (journey: Journey | undefined, group: number | null): Draft =>
  journey
    ? {
        name: journey.name,
        group_id: journey.group_id,
        is_active: journey.is_active,
        entry: journey.entry,
        steps: journey.steps,
      }
    : { name: '', group_id: group, is_active: false, entry: { kind: 'trigger' }, steps: [] };
