import type { JourneyStepInput, JourneyStepKind } from '@tsunagu/contracts';

/** A fresh step of a kind, its ids unset (0) until the operator chooses. */
export function newStep(kind: JourneyStepKind): JourneyStepInput {
  switch (kind) {
    case 'wait':
      return { kind, days: 1, hours: 0, minutes: 0, at_time: '10:00' };
    case 'send':
      return { kind, template_id: 0 };
    case 'add_tag':
    case 'remove_tag':
      return { kind, tag_id: 0 };
    case 'add_journey_tag':
    case 'remove_journey_tag':
      return { kind, journey_tag_id: 0 };
    case 'branch':
      return { kind, member_query_id: 0, otherwise: null };
  }
}
