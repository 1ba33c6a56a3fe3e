import {
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Announcements,
} from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import { useState } from 'react';

/** Japanese texts for dnd-kit's screen-reader live region (its defaults are English). */
export const DRAG_ANNOUNCEMENTS: Announcements = {
  onDragStart: () => '行を持ち上げました。',
  onDragOver: () => '',
  onDragEnd: ({ over }) => (over ? '行を移動しました。' : '行を元の位置に戻しました。'),
  onDragCancel: () => '並び替えを取り消しました。',
};

/**
 * UI-40: reordering by pointer drag (dnd-kit) or by arrow keys on the handle. Either way the
 * caller gets the whole new order; the live message says where the row went.
 */
export function useRowOrder<T>(
  rows: readonly T[],
  idOf: (row: T) => string,
  onReorder: ((rows: T[]) => void) | undefined,
) {
  const [message, setMessage] = useState('');
  // A few pixels of travel before a drag starts, so a click on the handle stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || to >= rows.length || from === to) return;
    onReorder?.(arrayMove([...rows], from, to));
    setMessage(`${to + 1}番目に移動しました`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const ids = rows.map(idOf);
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const moveBy = (id: string, delta: -1 | 1) => {
    const from = rows.findIndex((row) => idOf(row) === id);
    move(from, from + delta);
  };

  return { sensors, onDragEnd, moveBy, message };
}
