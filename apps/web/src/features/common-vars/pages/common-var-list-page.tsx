import {
  COMMON_VAR_NAME_MAX,
  COMMON_VAR_TEXT,
  commonVarGroupInputSchema,
  type CommonVarItem,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { copyText } from '@/lib/clipboard';
import { errorText } from '@/lib/api-error';
import { COMMON_VARS_LOAD_ERROR } from '@/lib/reference-store';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import * as api from '../api/common-vars-api';
import {
  aliasOf,
  CommonVarGroupSection,
  type CommonVarActions,
} from '../components/common-var-group-section';
import { commonVarPaths } from '../paths';
import '../components/common-vars.css';

type Group = { id: number; name: string };
type Editing =
  | { kind: 'group'; group: Group | null }
  | { kind: 'delete-item'; item: CommonVarItem }
  | { kind: 'delete-group'; group: Group }
  | null;

/**
 * CommonVarList (ROUTE-25, issue 13): the account's common information in folders, お気に入り
 * first (REF-13), each with the alias messages use; create, edit, copy (CommonVarNew `?copy=`),
 * delete. The route needs common-var-write, so whoever sees it may write.
 */
export function CommonVarListPage({ title }: { title: string }) {
  const list = api.useCommonVars();
  const [editing, setEditing] = useState<Editing>(null);
  const favorite = api.useToggleCommonVarFavorite();
  const deleteItem = api.useDeleteCommonVar();
  const createGroup = api.useCreateCommonVarGroup();
  const renameGroup = api.useRenameCommonVarGroup();
  const deleteGroup = api.useDeleteCommonVarGroup();
  const toast = useToast();

  const close = () => {
    setEditing(null);
    createGroup.reset();
    renameGroup.reset();
  };
  const done = (message: string) => ({
    onSuccess: () => {
      toast.success(message);
      close();
    },
    onError: (error: unknown) => toast.error(errorText(error)),
  });
  const actions: CommonVarActions = {
    onFavorite: (item) =>
      favorite.mutate(
        { id: item.id, favorite: !item.favorite },
        { onError: (error) => toast.error(errorText(error)) },
      ),
    onCopyAlias: async (item) => {
      if (await copyText(aliasOf(item))) toast.success(`${aliasOf(item)} をコピーしました`);
      else toast.error('コピーできませんでした。差し込みの文字を選んでコピーしてください');
    },
    onDelete: (item) => setEditing({ kind: 'delete-item', item }),
  };

  const header = (
    <PageHeader
      title={title}
      actions={
        <>
          <button
            type="button"
            className="btn"
            onClick={() => setEditing({ kind: 'group', group: null })}
          >
            フォルダを作成
          </button>
          <Link className="btn btn--primary" to={commonVarPaths.create}>
            共通情報を作成
          </Link>
        </>
      }
    />
  );

  if (list.isPending || list.isError)
    return (
      <section className="page common-var-list-page">
        {header}
        {list.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {COMMON_VARS_LOAD_ERROR}
          </p>
        )}
      </section>
    );

  const { groups, items } = list.data;
  const folders = groups.filter(
    (group): group is typeof group & { id: number } => group.id !== 'fav',
  );
  const favorites = items.filter((item) => item.favorite);
  const itemsOf = (groupId: number | null) => items.filter((item) => item.group_id === groupId);

  return (
    <section className="page common-var-list-page">
      {header}
      <p className="text-muted">
        店舗の電話番号やキャンペーンの期限など、メッセージに差し込む共通の値です。値を変えると、それを差し込むメッセージすべてに反映されます。
      </p>
      <div className="common-var-groups">
        <section className="common-var-group" aria-labelledby="common-var-group-fav">
          <h2 id="common-var-group-fav" className="common-var-group__name">
            {COMMON_VAR_TEXT.favGroup}
            <span className="common-var-group__count">{favorites.length}件</span>
          </h2>
          {favorites.length === 0 ? (
            <p className="text-muted">お気に入りの項目はありません（☆で追加できます）</p>
          ) : (
            <ul aria-label={COMMON_VAR_TEXT.favGroup}>
              {favorites.map((item) => (
                <li key={item.id}>
                  {item.name} <code className="common-var-alias">{aliasOf(item)}</code>
                </li>
              ))}
            </ul>
          )}
        </section>
        {[...folders, null].map((group) => (
          <CommonVarGroupSection
            key={group?.id ?? 'none'}
            group={group}
            items={itemsOf(group?.id ?? null)}
            actions={actions}
            onRename={group ? () => setEditing({ kind: 'group', group }) : undefined}
            onDelete={group ? () => setEditing({ kind: 'delete-group', group }) : undefined}
          />
        ))}
      </div>

      {editing?.kind === 'group' ? (
        <NameDialog
          title={editing.group ? 'フォルダ名の変更' : 'フォルダの作成'}
          label="フォルダ名"
          schema={commonVarGroupInputSchema}
          maxLength={COMMON_VAR_NAME_MAX}
          initialName={editing.group?.name ?? ''}
          busy={createGroup.isPending || renameGroup.isPending}
          serverError={editing.group ? renameGroup.error : createGroup.error}
          onClose={close}
          onSave={(name) => {
            const { group } = editing;
            if (group)
              renameGroup.mutate(
                { id: group.id, name },
                { onSuccess: () => (toast.success('フォルダ名を変更しました'), close()) },
              );
            else
              createGroup.mutate(name, {
                onSuccess: () => (toast.success('フォルダを作成しました'), close()),
              });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={editing?.kind === 'delete-item' || editing?.kind === 'delete-group'}
        title={
          editing?.kind === 'delete-item'
            ? `「${editing.item.name}」の削除`
            : `フォルダ「${editing?.kind === 'delete-group' ? editing.group.name : ''}」の削除`
        }
        message={
          editing?.kind === 'delete-item'
            ? `「${editing.item.name}」を削除します。${aliasOf(editing.item)} を差し込んだメッセージでは空欄になります。`
            : '削除したフォルダは元に戻せません。'
        }
        confirmLabel="削除する"
        busy={deleteItem.isPending || deleteGroup.isPending}
        onCancel={close}
        onConfirm={() => {
          if (editing?.kind === 'delete-item')
            deleteItem.mutate(editing.item.id, done('共通情報を削除しました'));
          if (editing?.kind === 'delete-group')
            deleteGroup.mutate(editing.group.id, done('フォルダを削除しました'));
        }}
      />
    </section>
  );
}
