import { JOURNEY_ENTRY_LABELS, type JourneyEntry } from '@tsunagu/contracts';

/** The entry in a few words for the list (its target's name is on the editor). */
export const entryLabel = (entry: JourneyEntry) => JOURNEY_ENTRY_LABELS[entry.kind];
