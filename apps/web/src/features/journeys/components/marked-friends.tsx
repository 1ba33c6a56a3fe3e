import type { JourneyStepInput } from '@tsunagu/contracts';
import { useState } from 'react';
import { useJourneyTagMembers } from '../api/journeys-api';
import { journeyErrorText } from '../api/loaded-guard';
import type { Choice } from '../api/journey-choices';

/**
 * JRN-25: for each journey tag the journey's steps set, the friends it marked — read when the
 * operator opens the tag.
 */
export function MarkedFriends(props: {
  journeyId: number;
  steps: readonly JourneyStepInput[];
  journeyTags: Choice[];
}) {
  const used = [
    ...new Set(
      props.steps.flatMap((step) => (step.kind === 'add_journey_tag' ? [step.journey_tag_id] : [])),
    ),
  ];
  const [open, setOpen] = useState<number | null>(null);
  const members = useJourneyTagMembers(props.journeyId, open);
  if (used.length === 0) return null;
  return (
    <section className="journey-marked" aria-labelledby="journey-marked-title">
      <h2 id="journey-marked-title">ジャーニータグが付いた友だち</h2>
      <div className="journey-tools">
        {used.map((tagId) => {
          const name = props.journeyTags.find((tag) => tag.id === tagId)?.name ?? `#${tagId}`;
          return (
            <button
              key={tagId}
              type="button"
              className="btn btn--small"
              aria-pressed={open === tagId}
              onClick={() => setOpen(open === tagId ? null : tagId)}
            >
              {name}
            </button>
          );
        })}
      </div>
      {open === null ? null : members.isPending ? (
        <p role="status">読み込み中...</p>
      ) : members.isError ? (
        <p className="notice notice--error" role="alert">
          {journeyErrorText(members.error)}
        </p>
      ) : members.data.items.length === 0 ? (
        <p className="text-muted">まだ誰にも付いていません</p>
      ) : (
        <ul aria-label="付いている友だち">
          {members.data.items.map((friend) => (
            <li key={friend.id}>{friend.display_name}</li>
          ))}
          {members.data.total > members.data.items.length ? (
            <li className="text-muted">ほか{members.data.total - members.data.items.length}人</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
