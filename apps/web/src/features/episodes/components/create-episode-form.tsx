import { EPISODE_NAME_MAX, EPISODE_TYPE, FOLLOW_TYPE } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { FieldError } from '@/ui/field-error';
import { useToast } from '@/ui/toast';
import { useCreateEpisode } from '../api/episodes-api';

/** EPI-04 then EPI-05/06: a new episode or follow, attached to the salon at once if asked. */
export function CreateEpisodeForm({ salonId }: { salonId: number | null }) {
  const create = useCreateEpisode();
  const toast = useToast();
  const id = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState(EPISODE_TYPE);
  const [attachNow, setAttachNow] = useState(true);
  const errors = isApiError(create.error) ? create.error.fieldErrors : {};
  return (
    <form
      className="episode-create"
      aria-label="エピソード・フォローの作成"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { input: { name, type }, salonId: attachNow ? salonId : null },
          {
            onSuccess: (episode) => {
              toast.success(`「${episode.name}」を作成しました`);
              setName(savedUnlessEdited(name, ''));
            },
            onError: (error) => {
              if (!isApiError(error) || Object.keys(error.fieldErrors).length === 0)
                toast.error(errorText(error));
            },
          },
        );
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>名前</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={EPISODE_NAME_MAX}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${id}-name-error`}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${id}-name-error`} messages={errors.name} />
      </div>
      <label className="field">
        <span className="field__label">種類</span>
        <select value={type} onChange={(event) => setType(Number(event.target.value))}>
          <option value={EPISODE_TYPE}>エピソード（予約に合わせて）</option>
          <option value={FOLLOW_TYPE}>フォロー（友だち追加・来店の後）</option>
        </select>
      </label>
      {salonId !== null ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={attachNow}
            onChange={(event) => setAttachNow(event.target.checked)}
          />
          このサロンで使う
        </label>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={create.isPending}>
        作成
      </button>
    </form>
  );
}
