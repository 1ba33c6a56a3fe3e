import { FORM_TEXT, formGroupInputSchema, type FormItem } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { errorText } from '@/lib/api-error';
import { VARIA_LOAD_ERROR } from '@/lib/reference-store';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import {
  useCreateFormGroup,
  useDeleteForm,
  useDeleteFormGroup,
  useForms,
  useRenameFormGroup,
  useSetFormFavorite,
} from '../api/forms-api';
import { formPaths } from '../paths';
import '../components/forms.css';

const aliasOf = (form: Pick<FormItem, 'code'>) => `{{form:${form.code}}}`;

/**
 * Answer forms (issue 13, decision 0150): the account's forms in their folders, each with the
 * alias that sends a friend their own answer link. With tag-write: create, edit, delete.
 */
export function FormListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useForms();
  const remove = useDeleteForm();
  const createGroup = useCreateFormGroup();
  const toast = useToast();
  const [deleting, setDeleting] = useState<FormItem | null>(null);
  const [naming, setNaming] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [removingFolder, setRemovingFolder] = useState<{ id: number; name: string } | null>(null);
  const rename = useRenameFormGroup();
  const removeFolder = useDeleteFormGroup();
  const favorite = useSetFormFavorite();

  const header = (
    <PageHeader
      title={title}
      actions={
        canWrite ? (
          <>
            <button type="button" className="btn" onClick={() => setNaming(true)}>
              フォルダを作成
            </button>
            <Link className="btn btn--primary" to={formPaths.create}>
              フォームを作成
            </Link>
          </>
        ) : null
      }
    />
  );
  const notice = canWrite ? null : (
    <ReadOnlyNotice what="回答フォームの作成・変更" permission="tag-write" />
  );
  if (list.isPending || list.isError)
    return (
      <section className="page form-list-page">
        {header}
        {notice}
        {list.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {VARIA_LOAD_ERROR}
          </p>
        )}
      </section>
    );

  const folders = list.data.groups.filter(
    (group): group is typeof group & { id: number } => group.id !== 'fav',
  );
  const sections = [...folders.map((f) => ({ id: f.id, name: f.name })), null];
  const favorites = list.data.items.filter((form) => form.favorite);
  return (
    <section className="page form-list-page">
      {header}
      {notice}
      <p className="text-muted">
        友だちが回答すると、質問ごとの友だち情報欄に記録されます。メッセージに差し込むと、友だち一人ひとりの回答リンクになります。
      </p>
      {favorites.length > 0 ? (
        <section className="form-folder" aria-label={FORM_TEXT.favGroup}>
          <h2 className="form-folder__name">
            {FORM_TEXT.favGroup}
            <span className="text-muted">{favorites.length}件</span>
          </h2>
          <ul className="form-rows">
            {favorites.map((form) => (
              <li key={form.id} className="form-row">
                <span className="form-row__name">{form.name}</span>
                <code className="form-row__alias">{aliasOf(form)}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.map((folder) => {
        const forms = list.data.items.filter((form) => form.group_id === (folder?.id ?? null));
        const name = folder?.name ?? FORM_TEXT.ungrouped;
        return (
          <section key={folder?.id ?? 'none'} className="form-folder" aria-label={name}>
            <h2 className="form-folder__name">
              {name}
              <span className="text-muted">{forms.length}件</span>
              {canWrite && folder ? (
                <span className="form-folder__tools">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-label={`フォルダ「${name}」の名前を変更`}
                    onClick={() => setRenaming(folder)}
                  >
                    名前を変更
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    aria-label={`フォルダ「${name}」を削除`}
                    onClick={() => setRemovingFolder(folder)}
                  >
                    削除
                  </button>
                </span>
              ) : null}
            </h2>
            {forms.length === 0 ? (
              <p className="text-muted">フォームはまだありません</p>
            ) : (
              <ul className="form-rows">
                {forms.map((form) => (
                  <li key={form.id} className="form-row">
                    {canWrite ? (
                      <button
                        type="button"
                        className="btn btn--small form-row__star"
                        aria-pressed={form.favorite}
                        aria-label={`「${form.name}」をお気に入りにする`}
                        disabled={favorite.isPending}
                        onClick={() =>
                          favorite.mutate(
                            { id: form.id, favorite: !form.favorite },
                            { onError: (error) => toast.error(errorText(error)) },
                          )
                        }
                      >
                        {form.favorite ? '★' : '☆'}
                      </button>
                    ) : form.favorite ? (
                      <span aria-label="お気に入り">★</span>
                    ) : null}
                    {canWrite ? (
                      <Link to={formPaths.edit(form.id)} className="form-row__name">
                        {form.name}
                      </Link>
                    ) : (
                      <span className="form-row__name">{form.name}</span>
                    )}
                    <code className="form-row__alias">{aliasOf(form)}</code>
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`「${form.name}」の差し込みをコピー`}
                      onClick={async () => {
                        if (await copyText(aliasOf(form)))
                          toast.success(`${aliasOf(form)} をコピーしました`);
                        else toast.error('コピーできませんでした');
                      }}
                    >
                      コピー
                    </button>
                    {canWrite ? (
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        onClick={() => setDeleting(form)}
                      >
                        削除
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {naming ? (
        <NameDialog
          title="フォルダの作成"
          label="フォルダ名"
          schema={formGroupInputSchema}
          maxLength={50}
          initialName=""
          busy={createGroup.isPending}
          serverError={createGroup.error}
          onClose={() => {
            setNaming(false);
            createGroup.reset();
          }}
          onSave={(folderName) =>
            createGroup.mutate(folderName, {
              onSuccess: () => {
                toast.success('フォルダを作成しました');
                setNaming(false);
              },
            })
          }
        />
      ) : null}
      {renaming ? (
        <NameDialog
          title="フォルダ名の変更"
          label="フォルダ名"
          schema={formGroupInputSchema}
          maxLength={50}
          initialName={renaming.name}
          busy={rename.isPending}
          serverError={rename.error}
          onClose={() => {
            setRenaming(null);
            rename.reset();
          }}
          onSave={(folderName) =>
            rename.mutate(
              { id: renaming.id, name: folderName },
              {
                onSuccess: () => {
                  toast.success('フォルダ名を変更しました');
                  setRenaming(null);
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={removingFolder !== null}
        title={`フォルダ「${removingFolder?.name ?? ''}」の削除`}
        message="フォルダを削除します。フォームが入っているフォルダは削除できません。"
        confirmLabel="削除する"
        busy={removeFolder.isPending}
        onCancel={() => setRemovingFolder(null)}
        onConfirm={() =>
          removingFolder &&
          removeFolder.mutate(removingFolder.id, {
            onSuccess: () => {
              toast.success('フォルダを削除しました');
              setRemovingFolder(null);
            },
            onError: (error) => {
              toast.error(errorText(error));
              setRemovingFolder(null);
            },
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`「${deleting?.name ?? ''}」の削除`}
        message="フォームを削除します。送ったリンクは使えなくなります。友だちが回答した友だち情報は残ります。"
        confirmLabel="削除する"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('フォームを削除しました');
              setDeleting(null);
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </section>
  );
}
