import { VAR_NAME_MAX, VAR_TEXT, varGroupInputSchema, type VarItem } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import * as api from '../api/varia-api';
import { ChoicesDialog } from '../components/choices-dialog';
import { ItemDialog } from '../components/item-dialog';
import { VarGroupSection, type ItemActions } from '../components/var-group-section';
import '../components/friend-info.css';

/** Shown when the definitions cannot be read (spec §8). */
export const VARIA_LOAD_ERROR = '友だち情報の読み込み中にエラーが発生しました';

type Group = { id: number; name: string };
type Editing =
  | { kind: 'item'; item: VarItem | null; groupId: number | null }
  | { kind: 'group'; group: Group | null }
  | { kind: 'choices'; item: VarItem }
  | { kind: 'delete-item'; item: VarItem }
  | { kind: 'delete-group'; group: Group }
  | null;

/**
 * UserVarList (ROUTE-07, issue 13): the friend information fields in their folders, the お気に入り
 * group first (REF-13). Operators with tag-write create, edit, delete, reorder (drag or keyboard)
 * and edit choices; everyone else reads.
 */
export function UserVarListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const varia = api.useVaria();
  const [editing, setEditing] = useState<Editing>(null);
  const createItem = api.useCreateItem();
  const updateItem = api.useUpdateItem();
  const deleteItem = api.useDeleteItem();
  const favorite = api.useToggleFavorite();
  const sort = api.useSortItems();
  const sortGroups = api.useSortGroups();
  const createGroup = api.useCreateGroup();
  const renameGroup = api.useRenameGroup();
  const deleteGroup = api.useDeleteGroup();
  const toast = useToast();

  const close = () => {
    setEditing(null);
    for (const mutation of [createItem, updateItem, createGroup, renameGroup]) mutation.reset();
  };
  const done = (message: string) => ({
    onSuccess: () => {
      toast.success(message);
      close();
    },
  });
  const failed = { onError: (error: unknown) => toast.error(errorText(error)) };

  const actions: ItemActions = {
    onEdit: (item) => setEditing({ kind: 'item', item, groupId: item.group_id }),
    onChoices: (item) => setEditing({ kind: 'choices', item }),
    onDelete: (item) => setEditing({ kind: 'delete-item', item }),
    onFavorite: (item) => favorite.mutate({ id: item.id, favorite: !item.favorite }, failed),
  };

  const header = (
    <>
      <PageHeader
        title={title}
        actions={
          canWrite ? (
            <>
              <button
                type="button"
                className="btn"
                onClick={() => setEditing({ kind: 'group', group: null })}
              >
                フォルダを作成
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => setEditing({ kind: 'item', item: null, groupId: null })}
              >
                友だち情報欄を作成
              </button>
            </>
          ) : null
        }
      />
      {canWrite ? null : <ReadOnlyNotice what="友だち情報欄の作成・変更" permission="tag-write" />}
    </>
  );

  if (varia.isPending || varia.isError)
    return (
      <section className="page var-list-page">
        {header}
        {varia.isPending ? (
          <Loading />
        ) : (
          <p className="notice notice--error" role="alert">
            {VARIA_LOAD_ERROR}
          </p>
        )}
      </section>
    );

  const { groups, items } = varia.data;
  const folders = groups.filter(
    (group): group is typeof group & { id: number } => group.id !== 'fav',
  );
  const favorites = items.filter((item) => item.favorite);
  const itemsOf = (groupId: number | null) => items.filter((item) => item.group_id === groupId);
  /** The folder at `index` swapped with its neighbour; the server keeps the order (orders from 1). */
  const moveFolder = (index: number, by: -1 | 1) => {
    const ids = folders.map((folder) => folder.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    sortGroups.mutate(
      { ids },
      { onSuccess: () => toast.success('フォルダの並び順を保存しました'), ...failed },
    );
  };

  return (
    <section className="page var-list-page">
      {header}
      <div className="var-groups">
        <section className="var-group" aria-labelledby="var-group-fav">
          <h2 id="var-group-fav" className="var-group__name">
            {VAR_TEXT.favGroup}
            <span className="var-group__count">{favorites.length}件</span>
          </h2>
          {favorites.length === 0 ? (
            <p className="text-muted var-group__empty">
              お気に入りの項目はありません（☆で追加できます）
            </p>
          ) : (
            <ul className="var-fav__list" aria-label={VAR_TEXT.favGroup}>
              {favorites.map((item) => (
                <li key={item.id} className="var-fav__item">
                  {item.name}
                </li>
              ))}
            </ul>
          )}
        </section>
        {[...folders, null].map((group, index) => (
          <VarGroupSection
            key={group?.id ?? 'none'}
            group={group}
            items={itemsOf(group?.id ?? null)}
            canWrite={canWrite}
            actions={actions}
            onAdd={() => setEditing({ kind: 'item', item: null, groupId: group?.id ?? null })}
            onRename={group ? () => setEditing({ kind: 'group', group }) : undefined}
            onDelete={group ? () => setEditing({ kind: 'delete-group', group }) : undefined}
            onMoveUp={
              group && index > 0 && !sortGroups.isPending ? () => moveFolder(index, -1) : undefined
            }
            onMoveDown={
              group && index < folders.length - 1 && !sortGroups.isPending
                ? () => moveFolder(index, 1)
                : undefined
            }
            onReorder={(ids) =>
              sort.mutate(
                { group_id: group?.id ?? null, ids },
                { onSuccess: () => toast.success('並び順を保存しました'), ...failed },
              )
            }
          />
        ))}
      </div>

      {editing?.kind === 'item' ? (
        <ItemDialog
          item={editing.item}
          initialGroupId={editing.groupId}
          groups={folders}
          busy={createItem.isPending || updateItem.isPending}
          serverError={editing.item ? updateItem.error : createItem.error}
          onClose={close}
          onSave={(input) => {
            const { item } = editing;
            if (item)
              updateItem.mutate(
                { id: item.id, input: { name: input.name, group_id: input.group_id } },
                done('友だち情報欄を保存しました'),
              );
            else createItem.mutate(input, done('友だち情報欄を作成しました'));
          }}
        />
      ) : null}
      {editing?.kind === 'group' ? (
        <NameDialog
          title={editing.group ? 'フォルダ名の変更' : 'フォルダの作成'}
          label="フォルダ名"
          schema={varGroupInputSchema}
          maxLength={VAR_NAME_MAX}
          initialName={editing.group?.name ?? ''}
          busy={createGroup.isPending || renameGroup.isPending}
          serverError={editing.group ? renameGroup.error : createGroup.error}
          onClose={close}
          onSave={(name) => {
            const { group } = editing;
            if (group) renameGroup.mutate({ id: group.id, name }, done('フォルダ名を変更しました'));
            else createGroup.mutate(name, done('フォルダを作成しました'));
          }}
        />
      ) : null}
      {editing?.kind === 'choices' ? (
        <ChoicesDialog
          item={editing.item}
          readOnly={!canWrite}
          onClose={close}
          onSaved={() => {
            toast.success('選択肢を保存しました');
            close();
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
            ? `「${editing.item.name}」を削除します。友だちに記録した値も消え、元に戻せません。`
            : '削除したフォルダは元に戻せません。'
        }
        confirmLabel="削除する"
        busy={deleteItem.isPending || deleteGroup.isPending}
        onCancel={close}
        onConfirm={() => {
          if (editing?.kind === 'delete-item')
            deleteItem.mutate(editing.item.id, {
              ...done('友だち情報欄を削除しました'),
              ...failed,
            });
          if (editing?.kind === 'delete-group')
            deleteGroup.mutate(editing.group.id, {
              ...done('フォルダを削除しました'),
              ...failed,
            });
        }}
      />
    </section>
  );
}
