import { ACTION_SET_NAME_MAX, type Action, type ActionSet } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { savedUnlessEdited } from '@/lib/saved-unless-edited';
import { ConfirmDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import {
  useActionSets,
  useDeleteActionSet,
  useSaveActionSet,
  type ActionChoices,
} from '../api/follow-api';
import { ActionListEditor } from './action-list-editor';

type Draft = { id: number | null; name: string; actions: Action[] };
const fresh = (): Draft => ({ id: null, name: '', actions: [] });

/**
 * アクションセット (issue 25, decision 0250): named lists of actions stored once, run when a
 * friend taps a button that names one (the template editor's アクションを実行; rich menu areas
 * later). Create, edit, delete.
 */
export function ActionSetsSection({ choices }: { choices: ActionChoices }) {
  const sets = useActionSets();
  const save = useSaveActionSet();
  const remove = useDeleteActionSet();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(fresh);
  const [deleting, setDeleting] = useState<ActionSet | null>(null);
  const errors = save.error && isApiError(save.error) ? save.error.fieldErrors : {};

  const submit = () =>
    save.mutate(
      { id: draft.id, input: { name: draft.name, actions: draft.actions } },
      {
        onSuccess: () => {
          toast.success(
            draft.id === null ? 'アクションセットを作成しました' : 'アクションセットを保存しました',
          );
          setDraft(savedUnlessEdited(draft, fresh()));
        },
      },
    );

  return (
    <div className="follow-sets">
      <p className="text-muted">
        友だちがボタンをタップしたときに実行するアクションのまとまりです。テンプレートのボタンで「アクションを実行」を選ぶと使えます（同じタップで二重に実行されることはありません）。
      </p>
      {sets.isLoading ? <Loading /> : null}
      {sets.isError ? (
        <p className="notice notice--error" role="alert">
          アクションセットを読み込めませんでした：{errorText(sets.error)}
        </p>
      ) : null}
      {sets.data && sets.data.action_sets.length > 0 ? (
        <ul className="follow-sets__list" aria-label="アクションセット一覧">
          {sets.data.action_sets.map((set) => (
            <li key={set.id} className="follow-sets__item">
              <span className="follow-sets__name">{set.name}</span>
              <span className="text-muted">{set.actions.length}件のアクション</span>
              <button
                type="button"
                className="btn"
                aria-label={`${set.name}を編集`}
                onClick={() => setDraft({ id: set.id, name: set.name, actions: set.actions })}
              >
                編集
              </button>
              <button
                type="button"
                className="btn btn--danger"
                aria-label={`${set.name}を削除`}
                onClick={() => setDeleting(set)}
              >
                削除
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset className="fieldset follow-sets__form">
        <legend>{draft.id === null ? '新しいアクションセット' : 'アクションセットを編集'}</legend>
        <div className="field">
          <label className="field__label" htmlFor="action-set-name">
            名前
          </label>
          <TextBox
            id="action-set-name"
            value={draft.name}
            maxLength={ACTION_SET_NAME_MAX}
            onChange={(name) => setDraft({ ...draft, name })}
          />
          {errors.name ? <p className="field__error">{errors.name[0]}</p> : null}
        </div>
        <ActionListEditor
          actions={draft.actions}
          choices={choices}
          errors={errors}
          onChange={(actions) => setDraft({ ...draft, actions })}
        />
        {save.error ? (
          <p className="notice notice--error" role="alert">
            {isApiError(save.error)
              ? (Object.values(save.error.fieldErrors).flat()[0] ?? errorText(save.error))
              : errorText(save.error)}
          </p>
        ) : null}
        <div className="follow-page__save">
          {draft.id !== null ? (
            <button type="button" className="btn btn--ghost" onClick={() => setDraft(fresh())}>
              やめる
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn--primary"
            disabled={save.isPending}
            onClick={submit}
          >
            {draft.id === null ? 'アクションセットを作成' : 'アクションセットを保存'}
          </button>
        </div>
      </fieldset>
      {deleting ? (
        <ConfirmDialog
          open
          busy={remove.isPending}
          title="アクションセットの削除"
          message={`「${deleting.name}」を削除します。このセットを使うボタンをタップしても何も起きなくなります。`}
          confirmLabel="削除する"
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success('アクションセットを削除しました');
                setDeleting(null);
              },
              onError: (error) => toast.error(errorText(error)),
            })
          }
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
