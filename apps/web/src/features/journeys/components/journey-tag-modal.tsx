import { journeyNameInputSchema, type JourneyTag } from '@tsunagu/contracts';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { Dialog, NameDialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field-error';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import {
  useCreateJourneyTag,
  useDeleteJourneyTag,
  useJourneyTags,
  useRenameJourneyTag,
} from '../api/journeys-api';
import { journeyErrorText } from '../api/loaded-guard';

/**
 * JRN-29: the journey tags in a modal — how many friends each marks (JRN-20), add (JRN-21),
 * rename (JRN-22), delete (JRN-23, its marks go with it). Read-only without funnel-write.
 */
export function JourneyTagModal(props: { canWrite: boolean; onClose: () => void }) {
  const { canWrite, onClose } = props;
  const tags = useJourneyTags();
  const create = useCreateJourneyTag();
  const rename = useRenameJourneyTag();
  const remove = useDeleteJourneyTag();
  const toast = useToast();
  const inputId = useId();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<JourneyTag | null>(null);
  const [confirming, setConfirming] = useState<JourneyTag | null>(null);
  const createErrors = isApiError(create.error) ? create.error.fieldErrors.name : undefined;

  return (
    <Dialog open title="ジャーニータグ" onClose={onClose}>
      {tags.isPending ? (
        <Loading />
      ) : tags.isError ? (
        <p className="notice notice--error" role="alert">
          {journeyErrorText(tags.error)}
        </p>
      ) : tags.data.length === 0 ? (
        <p className="text-muted">ジャーニータグはまだありません</p>
      ) : (
        <ul className="journey-tag-list" aria-label="ジャーニータグ一覧">
          {tags.data.map((tag) => (
            <li key={tag.id} className="journey-tag-list__item">
              <span className="journey-tag-list__name">{tag.name}</span>
              <span className="text-muted">{tag.member_count}人</span>
              {canWrite ? (
                confirming?.id === tag.id ? (
                  <span className="journey-tools" role="group" aria-label={`「${tag.name}」の削除`}>
                    <span>付いている印も消えます。</span>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(tag.id, {
                          onSuccess: () => {
                            toast.success('ジャーニータグを削除しました');
                            setConfirming(null);
                          },
                          onError: (error) => toast.error(journeyErrorText(error)),
                        })
                      }
                    >
                      削除する
                    </button>
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => setConfirming(null)}
                    >
                      やめる
                    </button>
                  </span>
                ) : (
                  <span className="journey-tools">
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`「${tag.name}」の名前を変更`}
                      onClick={() => setRenaming(tag)}
                    >
                      名前を変更
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`「${tag.name}」を削除`}
                      onClick={() => setConfirming(tag)}
                    >
                      削除
                    </button>
                  </span>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form
          className="journey-tag-add"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(name, {
              onSuccess: () => {
                toast.success('ジャーニータグを追加しました');
                setName(savedUnlessEdited(name, ''));
              },
            });
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>新しいジャーニータグ</label>
            <input
              id={inputId}
              value={name}
              maxLength={100}
              aria-invalid={createErrors ? true : undefined}
              aria-describedby={`${inputId}-error`}
              onChange={(event) => setName(event.target.value)}
            />
            <FieldError
              id={`${inputId}-error`}
              messages={
                createErrors ?? (create.error ? [journeyErrorText(create.error)] : undefined)
              }
            />
          </div>
          <button type="submit" className="btn" disabled={create.isPending}>
            追加
          </button>
        </form>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          閉じる
        </button>
      </div>
      {renaming ? (
        <NameDialog
          title="ジャーニータグ名の変更"
          label="ジャーニータグ名"
          schema={journeyNameInputSchema}
          maxLength={100}
          initialName={renaming.name}
          busy={rename.isPending}
          serverError={rename.error}
          onClose={() => {
            setRenaming(null);
            rename.reset();
          }}
          onSave={(newName) =>
            rename.mutate(
              { id: renaming.id, name: newName },
              {
                onSuccess: () => {
                  toast.success('ジャーニータグ名を変更しました');
                  setRenaming(null);
                },
                onError: (error) => toast.error(journeyErrorText(error)),
              },
            )
          }
        />
      ) : null}
    </Dialog>
  );
}
