import { TAG_GROUP_NAME_MAX, tagGroupInputSchema, type TagGroup } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useCreateGroup, useDeleteGroup, useRenameGroup, useTagList } from '../api/tags-api';
import { TagGroupSection } from '../components/tag-group-section';
import { tagPaths } from '../paths';
import '../components/tags.css';

type GroupDialog = { kind: 'create' } | { kind: 'rename'; group: TagGroup } | null;

/**
 * TagList (ROUTE-08, issue 13): the account's tag groups and tags with how many friends carry
 * each. Groups are created and renamed in a dialog; tags on TagSetting. Without tag-write the
 * route itself is refused, but the page still shows no controls to such a caller.
 */
export function TagListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const list = useTagList();
  const [dialog, setDialog] = useState<GroupDialog>(null);
  const [deleting, setDeleting] = useState<TagGroup | null>(null);
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const toast = useToast();
  const saving = dialog?.kind === 'rename' ? rename : create;

  const closeDialog = () => {
    setDialog(null);
    create.reset();
    rename.reset();
  };
  const saveGroup = (name: string) => {
    const done = {
      onSuccess: () => {
        toast.success(
          dialog?.kind === 'rename' ? 'グループ名を変更しました' : 'グループを作成しました',
        );
        closeDialog();
      },
    };
    if (dialog?.kind === 'rename') rename.mutate({ id: dialog.group.id, name }, done);
    else create.mutate(name, done);
  };
  const deleteGroup = (group: TagGroup) =>
    remove.mutate(group.id, {
      onSuccess: () => toast.success('グループを削除しました'),
      onError: (error) => toast.error(errorText(error)),
      onSettled: () => setDeleting(null),
    });

  const actions = canWrite ? (
    <>
      <button type="button" className="btn" onClick={() => setDialog({ kind: 'create' })}>
        グループを作成
      </button>
      <Link className="btn btn--primary" to={tagPaths.create(null)}>
        タグを作成
      </Link>
    </>
  ) : null;

  return (
    <section className="page tag-list-page">
      <PageHeader title={title} actions={actions} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(list.error)}
        </p>
      ) : (
        <div className="tag-groups">
          {[...list.data.groups, null].map((group) => (
            <TagGroupSection
              key={group?.id ?? 'none'}
              group={group}
              tags={list.data.tags.filter((tag) => tag.group_id === (group?.id ?? null))}
              canWrite={canWrite}
              onRename={group ? () => setDialog({ kind: 'rename', group }) : undefined}
              onDelete={group ? () => setDeleting(group) : undefined}
            />
          ))}
        </div>
      )}
      {dialog ? (
        <NameDialog
          label="グループ名"
          schema={tagGroupInputSchema}
          maxLength={TAG_GROUP_NAME_MAX}
          title={dialog.kind === 'rename' ? 'グループ名の変更' : 'グループの作成'}
          initialName={dialog.kind === 'rename' ? dialog.group.name : ''}
          busy={saving.isPending}
          serverError={saving.error}
          onSave={saveGroup}
          onClose={closeDialog}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`グループ「${deleting?.name ?? ''}」の削除`}
        message={`グループ「${deleting?.name ?? ''}」を削除します。削除したグループは元に戻せません。`}
        confirmLabel="削除する"
        busy={remove.isPending}
        onConfirm={() => deleting && deleteGroup(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
