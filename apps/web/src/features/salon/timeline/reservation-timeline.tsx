import type { BlockTime, Course, Reservation } from '@tsunagu/contracts';
import { useRef, useState } from 'react';
import type { SalonStatus } from '@/lib/reference-store';
import { toTime } from '../utils/dates';
import type { GridRow } from './grid-model';
import { ReservationItem } from './reservation-item';
import type { TimelineItem } from './reservation-rows';
import { TimelineGrid, type GridLocator } from './timeline-grid';
import { DRAG_STEP_MINUTES, useItemDrag, type DragResult } from './use-item-drag';

export type MoveRequest = { from: string; to: string; resourceId: number | null };

type ReservationTimelineProps = {
  rows: GridRow<TimelineItem>[];
  hours: { start: number; end: number };
  now: number | null;
  statuses: readonly SalonStatus[];
  courses: readonly Course[];
  canWrite: boolean;
  height: number;
  pxPerMinute: number;
  labelWidth: number;
  /** Minutes per column of the time header (zoom). */
  tickMinutes?: number;
  /** Row height (rows share the height the screen has). */
  rowHeight?: number;
  /** A click on an empty slot starts at a multiple of this (the salon's slot interval). */
  slotMinutes?: number;
  onOpenReservation: (id: number) => void;
  onOpenBlock: (block: BlockTime) => void;
  onSlot: (resourceId: number | null, time: string) => void;
  /** Saves a drag; the item stays where it was dropped until this settles, then snaps back on failure. */
  onMove: (reservation: Reservation, move: MoveRequest) => Promise<unknown>;
};

/** TML-01: the daily reservation timeline, with drag to move or resize (PUT). */
export function ReservationTimeline(props: ReservationTimelineProps) {
  const { rows, hours, statuses, courses, canWrite, pxPerMinute } = props;
  const locatorRef = useRef<GridLocator | null>(null);
  const [saving, setSaving] = useState<Record<string, DragResult & { from: number }>>({});
  const statusOf = new Map(statuses.map((status) => [status.id, status]));
  const courseOf = new Map(courses.map((course) => [course.id, course]));
  const slotHolding = new Set(
    statuses.filter((status) => status.holds_slot).map((status) => status.id),
  );
  const rowIndex = new Map(rows.map((row, index) => [row.key, index]));
  /** While dragging: would the target clash with what the target resource already holds? */
  const clashes = (reservationId: number, rowAt: number, start: number, end: number) => {
    const resourceId = rows[rowAt]?.resourceId;
    if (resourceId == null) return false;
    return rows
      .filter((row) => row.resourceId === resourceId)
      .some((row) =>
        row.items.some(
          (other) =>
            (other.kind === 'block' ||
              (other.reservation.id !== reservationId &&
                slotHolding.has(other.reservation.status))) &&
            other.start < end &&
            start < other.end,
        ),
      );
  };

  const drag = useItemDrag({
    pxPerMinute,
    locatorRef,
    onDrop: (key, result) => {
      const found = rows.flatMap((row) => row.items).find((item) => item.key === key);
      if (!found || found.kind !== 'reservation') return;
      const target = rows[result.row];
      const from =
        rowIndex.get(rows.find((row) => row.items.includes(found))?.key ?? '') ?? result.row;
      setSaving((current) => ({ ...current, [key]: { ...result, from } }));
      void props
        .onMove(found.reservation, {
          from: toTime(result.start),
          to: toTime(result.end),
          resourceId: target ? target.resourceId : found.reservation.salon_resource_id,
        })
        .finally(() =>
          setSaving((current) => {
            const { [key]: _done, ...rest } = current;
            return rest;
          }),
        );
    },
  });

  return (
    <TimelineGrid
      label="予約タイムライン"
      rows={rows}
      hours={hours}
      pxPerMinute={pxPerMinute}
      labelWidth={props.labelWidth}
      now={props.now}
      height={props.height}
      {...(props.rowHeight ? { rowHeight: props.rowHeight } : {})}
      {...(props.tickMinutes ? { tickMinutes: props.tickMinutes } : {})}
      locatorRef={locatorRef}
      onSlot={
        canWrite
          ? (row, minute) => {
              const step = props.slotMinutes ?? 15;
              const snapped = Math.floor(minute / step) * step;
              props.onSlot(row.resourceId, toTime(snapped));
            }
          : undefined
      }
      renderItem={(item, row, left, width) => {
        if (item.kind === 'block') {
          return (
            <button
              key={item.key}
              type="button"
              className={`tl-block${item.block.is_confirmed ? '' : ' tl-block--tentative'}`}
              style={{ left, width }}
              aria-label={`ブロック${item.block.description ? ` ${item.block.description}` : ''}（ブロック時間 ${item.block.from}〜${item.block.to}）`}
              onClick={() => props.onOpenBlock(item.block)}
            >
              ブロック{item.block.description ? ` ${item.block.description}` : ''}
            </button>
          );
        }
        const index = rowIndex.get(row.key) ?? 0;
        const moving =
          drag.preview?.key === item.key
            ? drag.preview
            : saving[item.key]
              ? { ...saving[item.key]!, rowDelta: saving[item.key]!.row - index }
              : null;
        const draggable =
          canWrite && !item.sub && slotHolding.has(item.reservation.status) && !saving[item.key];
        return (
          <ReservationItem
            key={item.key}
            reservation={item.reservation}
            sub={item.sub}
            status={statusOf.get(item.reservation.status)}
            course={
              item.reservation.course_id ? courseOf.get(item.reservation.course_id) : undefined
            }
            left={left}
            width={width}
            offset={
              moving
                ? {
                    left: (moving.start - hours.start) * pxPerMinute,
                    width: Math.max((moving.end - moving.start) * pxPerMinute, DRAG_STEP_MINUTES),
                    rowDelta: moving.rowDelta,
                    time: `${toTime(moving.start)}〜${toTime(moving.end)}`,
                    clash:
                      drag.preview?.key === item.key &&
                      clashes(item.reservation.id, moving.row, moving.start, moving.end),
                  }
                : null
            }
            rowHeight={props.rowHeight}
            draggable={draggable}
            moveHandlers={drag.handlers(item, index, 'move')}
            resizeHandlers={drag.handlers(item, index, 'resize')}
            onOpen={() => {
              if (drag.wasDragged()) return;
              props.onOpenReservation(item.reservation.id);
            }}
          />
        );
      }}
    />
  );
}
