import { RESOURCE_KIND_LABELS, type Resource } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { salonPath } from '../../api/salon-path';
import { catalogKeys } from '../section/catalog-keys';
import { NameWithColor, RowActions, yen } from '../section/row-actions';
import { useOptimisticOrder } from '../section/use-optimistic-order';
import { ResourceDeleteDialog } from './resource-delete-dialog';
import { ResourceFormDialog } from './resource-form-dialog';
import { useResources, useResourcesChanged } from './resources-api';

const BASE_COLUMNS: ListTableColumn<Resource>[] = [
  {
    key: 'name',
    header: '名前',
    cell: (resource) => <NameWithColor name={resource.name} color={resource.color} />,
  },
  { key: 'kind', header: '種類', cell: (resource) => RESOURCE_KIND_LABELS[resource.kind] },
  {
    key: 'nomination_fee',
    header: '指名料',
    align: 'end',
    cell: (resource) => yen(resource.nomination_fee),
  },
  {
    key: 'is_public',
    header: 'オンライン予約',
    cell: (resource) => (resource.is_public ? '公開' : '非公開'),
  },
];

/** Resources of the salon (RSV-23..29): staff, rooms and equipment, in the timeline's order. */
export function ResourceList({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const resources = useResources(salonId);
  const changed = useResourcesChanged(salonId);
  const order = useOptimisticOrder<Resource>({
    queryKey: catalogKeys.resources(salonId),
    orderPath: salonPath(salonId, '/resources/order'),
    onSettled: changed,
  });
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  const columns: ListTableColumn<Resource>[] = canWrite
    ? [
        ...BASE_COLUMNS,
        {
          key: 'actions',
          header: '操作',
          cell: (resource) => (
            <RowActions
              name={resource.name}
              onEdit={() => setEditing(resource)}
              onDelete={() => setDeleting(resource)}
            />
          ),
        },
      ]
    : BASE_COLUMNS;

  if (resources.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(resources.error)}
      </p>
    );
  return (
    <>
      {canWrite ? (
        <div className="salon-settings__toolbar">
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            リソースを追加
          </button>
          <span className="text-muted">⠿ をドラッグするか、⠿ を選んで↑↓キーで並び替えます。</span>
        </div>
      ) : null}
      {/* Stays until the next order is kept; the toast is what announces it. */}
      {order.failure ? <p className="notice notice--error">{order.failure}</p> : null}
      <ListTable
        label="リソース一覧"
        rows={resources.data ?? []}
        columns={columns}
        loading={resources.isPending}
        emptyText="リソースはまだありません"
        draggable={canWrite}
        onReorder={order.reorder}
        rowLabel={(resource) => resource.name}
      />
      {editing ? (
        <ResourceFormDialog
          salonId={salonId}
          resource={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ResourceDeleteDialog
          salonId={salonId}
          resource={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
