import type { Course } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/dialog';
import { ListTable, type ListTableColumn } from '@/ui/list-table';
import { useToast } from '@/ui/toast';
import { salonPath } from '../../api/salon-path';
import { writeErrorText } from '../../utils/write-errors';
import { catalogKeys } from '../section/catalog-keys';
import { NameWithColor, RowActions, yen } from '../section/row-actions';
import { useOptimisticOrder } from '../section/use-optimistic-order';
import { CourseFormDialog } from './course-form-dialog';
import { useCourses, useCoursesChanged, useDeleteCourse } from './courses-api';

const BASE_COLUMNS: ListTableColumn<Course>[] = [
  {
    key: 'name',
    header: 'コース名',
    cell: (course) => <NameWithColor name={course.name} color={course.color} />,
  },
  { key: 'duration', header: '所要時間', align: 'end', cell: (course) => `${course.duration}分` },
  { key: 'price', header: '料金', align: 'end', cell: (course) => yen(course.price) },
  {
    key: 'is_public',
    header: 'オンライン予約',
    cell: (course) => (course.is_public ? '公開' : '非公開'),
  },
];

/** Courses of the salon (RSV-17..22): the list in its order, drag to reorder, edit, delete. */
export function CourseList({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const toast = useToast();
  const courses = useCourses(salonId);
  const changed = useCoursesChanged(salonId);
  const order = useOptimisticOrder<Course>({
    queryKey: catalogKeys.courses(salonId),
    orderPath: salonPath(salonId, '/courses/order'),
    onSettled: changed,
  });
  const remove = useDeleteCourse(salonId);
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);

  const columns: ListTableColumn<Course>[] = canWrite
    ? [
        ...BASE_COLUMNS,
        {
          key: 'actions',
          header: '操作',
          cell: (course) => (
            <RowActions
              name={course.name}
              onEdit={() => setEditing(course)}
              onDelete={() => setDeleting(course)}
            />
          ),
        },
      ]
    : BASE_COLUMNS;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(`コース「${deleting.name}」を削除しました`),
      onError: (error) => toast.error(writeErrorText(error)),
      onSettled: () => setDeleting(null),
    });
  };

  if (courses.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorText(courses.error)}
      </p>
    );
  return (
    <>
      {canWrite ? (
        <div className="salon-settings__toolbar">
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            コースを追加
          </button>
          <span className="text-muted">⠿ をドラッグするか、⠿ を選んで↑↓キーで並び替えます。</span>
        </div>
      ) : null}
      {/* Stays until the next order is kept; the toast is what announces it. */}
      {order.failure ? <p className="notice notice--error">{order.failure}</p> : null}
      <ListTable
        label="コース一覧"
        rows={courses.data ?? []}
        columns={columns}
        loading={courses.isPending}
        emptyText="コースはまだありません"
        draggable={canWrite}
        onReorder={order.reorder}
        rowLabel={(course) => course.name}
      />
      {editing ? (
        <CourseFormDialog
          salonId={salonId}
          course={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="コースを削除"
        message={`コース「${deleting?.name ?? ''}」を削除しますか？このコースの予約は残り、コースなしになります。`}
        confirmLabel="削除する"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
