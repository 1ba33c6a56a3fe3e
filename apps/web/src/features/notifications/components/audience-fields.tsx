import { TAG_MATCH_LABELS, TAG_MATCHES } from '@tsunagu/contracts';
import { useId } from 'react';
import { FieldError } from '@/ui/field-error';
import { Select } from '@/ui/select';
import { useSegmentChoices, useTagChoices } from '../api/notifications-api';
import type { NotificationDraft } from './draft';
import { NotificationRadios } from './notification-radios';

const KIND_LABELS = { all: '友だち全員', segment: 'セグメント', tags: 'タグ' } as const;

/** 送信先: every friend, a saved segment, or tags (any / all / none). */
export function AudienceFields(props: {
  draft: NotificationDraft;
  onChange: (next: Partial<NotificationDraft>) => void;
  errors: Record<string, string[]>;
}) {
  const { draft, onChange, errors } = props;
  const segments = useSegmentChoices();
  const tags = useTagChoices();
  const segmentId = useId();
  const matchId = useId();
  return (
    <fieldset className="fieldset notification-group notification-audience">
      <legend className="field__label">送信先</legend>
      <NotificationRadios
        name="audience-kind"
        labels={KIND_LABELS}
        value={draft.audienceKind}
        onChange={(audienceKind) => onChange({ audienceKind })}
      />
      {draft.audienceKind === 'segment' ? (
        <div className="field">
          <span className="field__label" id={segmentId}>
            セグメント
          </span>
          <Select
            label="セグメント"
            options={(segments.data ?? []).map((segment) => ({
              value: segment.id,
              name: segment.name,
            }))}
            value={draft.segmentId}
            onChange={(value) => onChange({ segmentId: value })}
            placeholder="選んでください"
            loading={segments.data === undefined}
            invalid={(errors['audience.member_query_id'] ?? []).length > 0}
            describedBy={`${segmentId}-error`}
          />
          <FieldError id={`${segmentId}-error`} messages={errors['audience.member_query_id']} />
        </div>
      ) : null}
      {draft.audienceKind === 'tags' ? (
        <>
          <div className="field">
            <span className="field__label" id={matchId}>
              条件
            </span>
            <Select
              label="条件"
              options={TAG_MATCHES.map((match) => ({
                value: match,
                name: TAG_MATCH_LABELS[match],
              }))}
              value={draft.tagMatch}
              onChange={(value) => onChange({ tagMatch: value })}
            />
          </div>
          <fieldset className="notification-tags">
            <legend className="field__label">タグ</legend>
            {(tags.data?.tags ?? []).length === 0 ? (
              <p className="text-muted">タグがありません</p>
            ) : (
              tags.data!.tags.map((tag) => (
                <label key={tag.id} className="notification-tag">
                  <input
                    type="checkbox"
                    checked={draft.tagIds.includes(tag.id)}
                    onChange={(event) =>
                      onChange({
                        tagIds: event.target.checked
                          ? [...draft.tagIds, tag.id]
                          : draft.tagIds.filter((id) => id !== tag.id),
                      })
                    }
                  />
                  {tag.name}
                </label>
              ))
            )}
          </fieldset>
          <FieldError id="notification-tags-error" messages={errors['audience.tag_ids']} />
        </>
      ) : null}
      <FieldError id="notification-audience-error" messages={errors.audience} />
    </fieldset>
  );
}
