import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  isDrawnArea,
  moveRect,
  percentOf,
  rectForKey,
  rectFromDrag,
  resizeRect,
  toImagePoint,
  type Handle,
  type Point,
  type Rect,
  type Size,
} from '../lib/area-math';

type Drag =
  | { kind: 'draw'; start: Point; now: Point }
  | { kind: 'move' | 'resize'; index: number; handle: Handle; start: Point; rect: Rect };

const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];

/**
 * The picture with its tap areas, drawn with a pointer (decision 0265): drag on free space to
 * draw an area, drag an area to move it, drag a corner to resize it. Every area is a button:
 * Tab reaches it, arrows move it, Alt+arrows resize it (Shift: larger steps), Delete removes it.
 */
export function AreaCanvas(props: {
  size: Size;
  imageUrl: string | null;
  areas: readonly { bounds: Rect; invalid: boolean }[];
  selected: number | null;
  readOnly: boolean;
  canAdd: boolean;
  onSelect: (index: number | null) => void;
  onDraw: (rect: Rect) => void;
  onBounds: (index: number, rect: Rect) => void;
  onRemove: (index: number) => void;
}) {
  const { size, areas, selected, readOnly } = props;
  const box = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const pointAt = (event: PointerEvent): Point => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return { x: 0, y: 0 };
    return toImagePoint(
      { x: event.clientX - rect.left, y: event.clientY - rect.top },
      rect.width,
      size,
    );
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (readOnly || event.button !== 0) return;
    const target = event.target as HTMLElement;
    const areaEl = target.closest<HTMLElement>('[data-area-index]');
    const point = pointAt(event);
    box.current?.setPointerCapture?.(event.pointerId);
    if (areaEl) {
      const index = Number(areaEl.dataset.areaIndex);
      const area = areas[index];
      if (!area) return;
      props.onSelect(index);
      const handle = target.dataset.handle as Handle | undefined;
      setDrag({
        kind: handle ? 'resize' : 'move',
        index,
        handle: handle ?? 'se',
        start: point,
        rect: area.bounds,
      });
      return;
    }
    if (!props.canAdd) return;
    props.onSelect(null);
    setDrag({ kind: 'draw', start: point, now: point });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const point = pointAt(event);
    if (drag.kind === 'draw') {
      setDrag({ ...drag, now: point });
      return;
    }
    const dx = point.x - drag.start.x;
    const dy = point.y - drag.start.y;
    props.onBounds(
      drag.index,
      drag.kind === 'move'
        ? moveRect(drag.rect, dx, dy, size)
        : resizeRect(drag.rect, drag.handle, dx, dy, size),
    );
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.kind === 'draw') {
      const rect = rectFromDrag(drag.start, pointAt(event), size);
      if (isDrawnArea(rect)) props.onDraw(rect);
    }
    setDrag(null);
  };

  const onAreaKey = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const area = areas[index];
    if (readOnly || !area) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(index);
      return;
    }
    const next = rectForKey(area.bounds, event, size);
    if (!next) return;
    event.preventDefault();
    props.onBounds(index, next);
  };

  const ghost = drag?.kind === 'draw' ? rectFromDrag(drag.start, drag.now, size) : null;
  return (
    <div
      ref={box}
      className="rm-canvas"
      data-testid="rich-menu-canvas"
      data-readonly={readOnly}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {props.imageUrl ? <img src={props.imageUrl} alt="" /> : null}
      {areas.map((area, index) => (
        <button
          key={index}
          type="button"
          data-area-index={index}
          className={`rm-canvas__area${index === selected ? ' is-selected' : ''}${area.invalid ? ' is-invalid' : ''}`}
          style={percentOf(area.bounds, size)}
          aria-label={`タップ領域${index + 1}（x ${area.bounds.x}、y ${area.bounds.y}、幅 ${area.bounds.width}、高さ ${area.bounds.height}）`}
          aria-pressed={index === selected}
          onFocus={() => props.onSelect(index)}
          onKeyDown={(event) => onAreaKey(index, event)}
        >
          {index + 1}
          {index === selected && !readOnly
            ? HANDLES.map((handle) => (
                <span
                  key={handle}
                  className="rm-canvas__handle"
                  data-handle={handle}
                  aria-hidden="true"
                />
              ))
            : null}
        </button>
      ))}
      {ghost ? <div className="rm-canvas__ghost" style={percentOf(ghost, size)} /> : null}
    </div>
  );
}
