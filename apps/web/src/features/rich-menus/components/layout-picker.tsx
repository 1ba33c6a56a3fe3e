import type { Size } from '../lib/area-math';
import { layoutRects, layoutsFor, type Layout } from '../lib/layouts';

/** OAM's layouts as small pictures; picking one replaces the areas with its cells. */
export function LayoutPicker(props: { size: Size; onPick: (layout: Layout) => void }) {
  const { size } = props;
  return (
    <div className="rm-layouts" role="group" aria-label="テンプレート（領域の分け方）">
      {layoutsFor(size).map((layout) => (
        <button
          key={layout.id}
          type="button"
          className="rm-layout"
          onClick={() => props.onPick(layout)}
          aria-label={`テンプレート：${layout.label}`}
        >
          <svg viewBox={`0 0 ${size.width} ${size.height}`} aria-hidden="true">
            {layoutRects(layout, size).map((r, i) => (
              <rect
                key={i}
                x={r.x}
                y={r.y}
                width={r.width}
                height={r.height}
                fill="#e3f6ea"
                stroke="#06c755"
                strokeWidth={size.width / 60}
              />
            ))}
          </svg>
          {layout.label}
        </button>
      ))}
    </div>
  );
}
