import { journeyNameInputSchema, type Journey, type JourneyGroup } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog, NameDialog } from '@/ui/dialog';
import { Loading } from '@/ui/loading';
import { AUTOMATION_GUIDE } from '@/lib/automation-guide';
import { PageHeader } from '@/ui/page-header';
import { ReadOnlyNotice } from '@/ui/read-only-notice';
import { useToast } from '@/ui/toast';
import {
  useBulkDeleteJourneys,
  useCopyJourney,
  useCreateJourneyGroup,
  useDeleteJourney,
  useDeleteJourneyGroup,
  useJourneyGroups,
  useJourneys,
  useMoveJourneys,
  useRenameJourneyGroup,
  useSetJourneyFavorite,
  useSortFavoriteJourneys,
  useSortJourneyGroups,
  useSortJourneys,
} from '../api/journeys-api';
import { journeyErrorText } from '../api/loaded-guard';
import { BulkBar } from '../components/bulk-bar';
import { FolderHeader } from '../components/folder-header';
import { JourneyTable } from '../components/journey-table';
import { JourneyTagModal } from '../components/journey-tag-modal';
import { journeyPaths } from '../paths';
import '../components/journeys.css';

const UNFILED = '未分類';
const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/**
 * The journeys (issue 14, JRN-05..29, decision 0169): お気に入り first, then each folder and
 * 未分類, each a list table to drag into order; favourites, copy, delete, and for the rows
 * chosen, delete or move to a folder; folders added, moved, renamed, deleted; the journey tags
 * in their modal. Writes need funnel-write.
 */
export function JourneyListPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  const journeys = useJourneys();
  const groups = useJourneyGroups();
  const toast = useToast();
  const sort = useSortJourneys();
  const sortFavorites = useSortFavoriteJourneys();
  const sortGroups = useSortJourneyGroups();
  const favorite = useSetJourneyFavorite();
  const copy = useCopyJourney();
  const remove = useDeleteJourney();
  const bulkDelete = useBulkDeleteJourneys();
  const move = useMoveJourneys();
  const createGroup = useCreateJourneyGroup();
  const renameGroup = useRenameJourneyGroup();
  const removeGroup = useDeleteJourneyGroup();
  const [selected, setSelected] = useState<number[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [naming, setNaming] = useState<JourneyGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Journey | null>(null);
  const [deletingGroup, setDeletingGroup] = useState<JourneyGroup | null>(null);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const failed = (error: unknown) => toast.error(journeyErrorText(error));

  const header = (
    <PageHeader
      title={title}
      lead={AUTOMATION_GUIDE.journey}
      actions={
        <>
          <button type="button" className="btn" onClick={() => setTagsOpen(true)}>
            ジャーニータグ
          </button>
          {canWrite ? (
            <>
              <button type="button" className="btn" onClick={() => setNaming('new')}>
                フォルダを作成
              </button>
              <Link className="btn btn--primary" to={journeyPaths.create()}>
                ジャーニーを作成
              </Link>
            </>
          ) : null}
        </>
      }
    />
  );
  const notice = canWrite ? null : (
    <ReadOnlyNotice what="ジャーニーの作成・変更" permission="funnel-write" />
  );
  if (journeys.isPending || groups.isPending || journeys.isError || groups.isError)
    return (
      <section className="page journey-list-page">
        {header}
        {notice}
        {journeys.isError || groups.isError ? (
          <p className="notice notice--error" role="alert">
            {journeyErrorText(journeys.error ?? groups.error)}
          </p>
        ) : (
          <Loading />
        )}
      </section>
    );

  const folders = [...groups.data].sort(byOrder);
  const favorites = journeys.data
    .filter((journey) => journey.favorite)
    .sort((a, b) => (a.favorite_order ?? 0) - (b.favorite_order ?? 0));
  const inFolder = (groupId: number | null) =>
    journeys.data.filter((journey) => journey.group_id === groupId).sort(byOrder);
  const table = (label: string, list: Journey[], onReorder: (ids: number[]) => void) => (
    <JourneyTable
      label={label}
      journeys={list}
      canWrite={canWrite}
      selectedIds={selected.filter((id) => list.some((journey) => journey.id === id))}
      onSelectionChange={(ids) =>
        setSelected((current) => [
          ...current.filter((id) => !list.some((journey) => journey.id === id)),
          ...ids,
        ])
      }
      onReorder={onReorder}
      onFavorite={(journey) =>
        favorite.mutate({ id: journey.id, favorite: !journey.favorite }, { onError: failed })
      }
      onCopy={(journey) =>
        copy.mutate(journey.id, {
          onSuccess: (made) => toast.success(`「${made.name}」を作成しました`),
          onError: failed,
        })
      }
      onDelete={setDeleting}
    />
  );
  const moveFolder = (index: number, step: -1 | 1) => {
    const ids = folders.map((group) => group.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    sortGroups.mutate({ ids });
  };

  return (
    <section className="page journey-list-page">
      {header}
      {notice}
      <p className="text-muted">行をドラッグして並べ替えできます。</p>
      {canWrite && selected.length > 0 ? (
        <BulkBar
          count={selected.length}
          folders={folders}
          busy={bulkDelete.isPending || move.isPending}
          onDelete={() => setBulkConfirm(true)}
          onMove={(groupId) =>
            move.mutate(
              { groupId, ids: selected },
              {
                onSuccess: () => {
                  toast.success(`${selected.length}件を移動しました`);
                  setSelected([]);
                },
                onError: failed,
              },
            )
          }
        />
      ) : null}
      {favorites.length > 0 ? (
        <section className="journey-folder" aria-label="お気に入り">
          <h2 className="journey-folder__name">お気に入り</h2>
          {table('お気に入り', favorites, (ids) => sortFavorites.mutate({ ids }))}
        </section>
      ) : null}
      {folders.map((group, index) => (
        <section key={group.id} className="journey-folder" aria-label={group.name}>
          <FolderHeader
            name={group.name}
            count={inFolder(group.id).length}
            canWrite={canWrite}
            first={index === 0}
            last={index === folders.length - 1}
            newJourneyPath={journeyPaths.create(group.id)}
            onMove={(step) => moveFolder(index, step)}
            onRename={() => setNaming(group)}
            onDelete={() => setDeletingGroup(group)}
          />
          {table(group.name, inFolder(group.id), (ids) => sort.mutate({ groupId: group.id, ids }))}
        </section>
      ))}
      <section className="journey-folder" aria-label={UNFILED}>
        <h2 className="journey-folder__name">{UNFILED}</h2>
        {table(UNFILED, inFolder(null), (ids) => sort.mutate({ groupId: null, ids }))}
      </section>

      {tagsOpen ? <JourneyTagModal canWrite={canWrite} onClose={() => setTagsOpen(false)} /> : null}
      {naming !== null ? (
        <NameDialog
          title={naming === 'new' ? 'フォルダの作成' : 'フォルダ名の変更'}
          label="フォルダ名"
          schema={journeyNameInputSchema}
          maxLength={100}
          initialName={naming === 'new' ? '' : naming.name}
          busy={createGroup.isPending || renameGroup.isPending}
          serverError={naming === 'new' ? createGroup.error : renameGroup.error}
          onClose={() => {
            setNaming(null);
            createGroup.reset();
            renameGroup.reset();
          }}
          onSave={(name) => {
            const done = {
              onSuccess: () => {
                toast.success(
                  naming === 'new' ? 'フォルダを作成しました' : 'フォルダ名を変更しました',
                );
                setNaming(null);
              },
              onError: failed,
            };
            if (naming === 'new') createGroup.mutate(name, done);
            else renameGroup.mutate({ id: naming.id, name }, done);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`「${deleting?.name ?? ''}」の削除`}
        message="ジャーニーを削除します。進行中の友だちはここで止まります。"
        confirmLabel="削除する"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('ジャーニーを削除しました');
              setSelected((current) => current.filter((id) => id !== deleting.id));
              setDeleting(null);
            },
            onError: failed,
          })
        }
      />
      <ConfirmDialog
        open={bulkConfirm}
        title={`${selected.length}件のジャーニーの削除`}
        message="選んだジャーニーをすべて削除します。進行中の友だちはここで止まります。"
        confirmLabel="まとめて削除する"
        busy={bulkDelete.isPending}
        onCancel={() => setBulkConfirm(false)}
        onConfirm={() =>
          bulkDelete.mutate(selected, {
            onSuccess: () => {
              toast.success(`${selected.length}件を削除しました`);
              setSelected([]);
              setBulkConfirm(false);
            },
            onError: (error) => {
              failed(error);
              setBulkConfirm(false);
            },
          })
        }
      />
      <ConfirmDialog
        open={deletingGroup !== null}
        title={`フォルダ「${deletingGroup?.name ?? ''}」の削除`}
        message="フォルダを削除します。中のジャーニーは未分類に移ります。"
        confirmLabel="削除する"
        busy={removeGroup.isPending}
        onCancel={() => setDeletingGroup(null)}
        onConfirm={() =>
          deletingGroup &&
          removeGroup.mutate(deletingGroup.id, {
            onSuccess: () => {
              toast.success('フォルダを削除しました');
              setDeletingGroup(null);
            },
            onError: (error) => {
              failed(error);
              setDeletingGroup(null);
            },
          })
        }
      />
    </section>
  );
}
