/**
 * How the day fits the screen (issue 26, decision 0276): by default the shown hours fill the
 * width; a zoom step fixes the minutes per column instead (SALON BOARD's 15/30/60 分 and
 * FullCalendar's slotDuration), and the day scrolls sideways.
 */
export const ZOOM_STEPS = ['fit', 15, 30, 60] as const;
export type Zoom = (typeof ZOOM_STEPS)[number];

/** A zoomed column is this wide: 15 分 reads a 15-minute booking's name. */
export const COLUMN_PX = 64;
const MIN_ROW = 44;
const MAX_ROW = 72;
/** Below this a fitted hour is too narrow to read; the day scrolls instead. */
const MIN_FIT_PX_PER_MINUTE = 0.6;

export function timelineScale(options: {
  zoom: Zoom;
  /** Width of the grid's box (label column included). */
  width: number;
  labelWidth: number;
  hours: { start: number; end: number };
}): { pxPerMinute: number; tickMinutes: number } {
  const { zoom, width, labelWidth, hours } = options;
  if (zoom !== 'fit') return { pxPerMinute: COLUMN_PX / zoom, tickMinutes: zoom };
  const minutes = Math.max(hours.end - hours.start, 60);
  // 2 px for the box's borders, so the last hour ends inside it (no sideways scroll).
  const pxPerMinute = Math.max((width - labelWidth - 2) / minutes, MIN_FIT_PX_PER_MINUTE);
  return { pxPerMinute, tickMinutes: pxPerMinute * 30 >= 56 ? 30 : 60 };
}

/** Rows share the height the grid has (between 44 and 72 px each). */
export function fittedRowHeight(gridHeight: number, headerHeight: number, rows: number): number {
  if (rows === 0) return MIN_ROW;
  const share = Math.floor((gridHeight - headerHeight - 2) / rows);
  return Math.min(MAX_ROW, Math.max(MIN_ROW, share));
}
