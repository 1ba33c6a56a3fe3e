import {
  TEMPLATE_GROUP_NAME_MAX,
  templateGroupInputSchema,
  type TemplateSummary,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import {
  useCopyTemplate,
  useCreateTemplateGroup,
  useDeleteTemplate,
  useDeleteTemplateGroup,
  useFavoriteTemplate,
  useRenameTemplateGroup,
  useTemplateList,
} from '../api/templates-api';
import { TemplateGroupSection } from '../components/template-group-section';
import { TestSendDialog } from '../components/test-send-dialog';
import { useAliasNames } from '../components/use-alias-names';
import { templatePaths } from '../paths';
import '../components/templates.css';

type Folder = { id: number; name: string };
type GroupDialog = { kind: 'create' } | { kind: 'rename'; group: Folder } | null;
type Deleting = { kind: 'group'; group: Folder } | { kind: 'template'; template: TemplateSummary };

/**
 * テンプレート (issue 14, decision 0163): the account's message templates by folder. Every
 * operator reads them; folders, templates, copies, favourites and test sends need
 * template-write, and a flex template's writes the flex-message right too.
 */
export function TemplateListPage(props: { title: string; canWrite: boolean; canFlex: boolean }) {
  const { title, canWrite, canFlex } = props;
  const list = useTemplateList();
  const [dialog, setDialog] = useState<GroupDialog>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [testing, setTesting] = useState<TemplateSummary | null>(null);
  const createGroup = useCreateTemplateGroup();
  const renameGroup = useRenameTemplateGroup();
  const removeGroup = useDeleteTemplateGroup();
  const removeTemplate = useDeleteTemplate();
  const copy = useCopyTemplate();
  const favorite = useFavoriteTemplate();
  const toast = useToast();
  // Previews name the friend-information items their aliases stand for (decision 0164).
  const aliasName = useAliasNames(
    list.data?.items.some((item) => item.preview.includes('{{')) ?? false,
  );
  const saving = dialog?.kind === 'rename' ? renameGroup : createGroup;
  const failed = (error: unknown) => toast.error(errorText(error));

  const closeDialog = () => {
    setDialog(null);
    createGroup.reset();
    renameGroup.reset();
  };
  const saveGroup = (name: string) => {
    const done = {
      onSuccess: () => {
        toast.success(
          dialog?.kind === 'rename' ? 'フォルダ名を変更しました' : 'フォルダを作成しました',
        );
        closeDialog();
      },
    };
    if (dialog?.kind === 'rename') renameGroup.mutate({ id: dialog.group.id, name }, done);
    else createGroup.mutate(name, done);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const settled = { onError: failed, onSettled: () => setDeleting(null) };
    if (deleting.kind === 'group')
      removeGroup.mutate(deleting.group.id, {
        ...settled,
        onSuccess: () => toast.success('フォルダを削除しました'),
      });
    else
      removeTemplate.mutate(deleting.template.id, {
        ...settled,
        onSuccess: () => toast.success('テンプレートを削除しました'),
      });
  };
  const deletingName = deleting?.kind === 'group' ? deleting.group.name : deleting?.template.name;
  const what = deleting?.kind === 'group' ? 'フォルダ' : 'テンプレート';

  const actions = canWrite ? (
    <>
      <button type="button" className="btn" onClick={() => setDialog({ kind: 'create' })}>
        フォルダを作成
      </button>
      <Link className="btn btn--primary" to={templatePaths.create(null)}>
        新規作成
      </Link>
    </>
  ) : null;

  return (
    <section className="page template-list-page">
      <PageHeader title={title} actions={actions} />
      {canWrite ? null : (
        <ReadOnlyNotice what="テンプレートの作成・変更" permission="template-write" />
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(list.error)}
        </p>
      ) : (
        <div className="template-groups">
          {[...list.data.groups, null].map((group) => (
            <TemplateGroupSection
              key={group?.id ?? 'none'}
              group={group}
              templates={list.data.items.filter((item) => item.group_id === (group?.id ?? null))}
              canWrite={canWrite}
              canFlex={canFlex}
              busy={copy.isPending || favorite.isPending}
              onRename={group ? () => setDialog({ kind: 'rename', group }) : undefined}
              onDelete={group ? () => setDeleting({ kind: 'group', group }) : undefined}
              onCopy={(template) =>
                copy.mutate(template.id, {
                  onSuccess: () => toast.success(`「${template.name}」をコピーしました`),
                  onError: failed,
                })
              }
              onRemove={(template) => setDeleting({ kind: 'template', template })}
              onFavorite={(template) =>
                favorite.mutate(
                  { id: template.id, favorite: !template.favorite },
                  { onError: failed },
                )
              }
              onTestSend={setTesting}
              aliasName={aliasName}
            />
          ))}
        </div>
      )}
      {dialog ? (
        <NameDialog
          label="フォルダ名"
          schema={templateGroupInputSchema}
          maxLength={TEMPLATE_GROUP_NAME_MAX}
          title={dialog.kind === 'rename' ? 'フォルダ名の変更' : 'フォルダの作成'}
          initialName={dialog.kind === 'rename' ? dialog.group.name : ''}
          busy={saving.isPending}
          serverError={saving.error}
          onSave={saveGroup}
          onClose={closeDialog}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`${what}「${deletingName ?? ''}」の削除`}
        message={`${what}「${deletingName ?? ''}」を削除します。削除した${what}は元に戻せません。`}
        confirmLabel="削除する"
        busy={removeGroup.isPending || removeTemplate.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <TestSendDialog template={testing} onClose={() => setTesting(null)} />
    </section>
  );
}
