import type { CSSProperties, ReactNode } from 'react';
import './templates.css';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_SIZES: Record<string, number> = {
  xxs: 11,
  xs: 13,
  sm: 14,
  md: 16,
  lg: 19,
  xl: 22,
  xxl: 29,
  '3xl': 35,
  '4xl': 48,
  '5xl': 74,
};
const SPACING: Record<string, number> = { none: 0, xs: 2, sm: 4, md: 8, lg: 12, xl: 16, xxl: 20 };
const px = (value: unknown, table: Record<string, number>) =>
  typeof value === 'string'
    ? (table[value] ?? (value.endsWith('px') ? parseFloat(value) : undefined))
    : undefined;

/** Roughly as LINE draws it: boxes as rows and columns, text, images, buttons, separators. */
function Component({ node }: { node: Node }): ReactNode {
  const margin = px(node.margin, SPACING);
  const base: CSSProperties = {
    marginTop: margin,
    flex: typeof node.flex === 'number' ? node.flex : undefined,
  };
  switch (node.type) {
    case 'box': {
      const horizontal = node.layout === 'horizontal' || node.layout === 'baseline';
      const contents = Array.isArray(node.contents) ? node.contents.filter(isNode) : [];
      return (
        <div
          className="flex-box"
          style={{
            ...base,
            display: 'flex',
            flexDirection: horizontal ? 'row' : 'column',
            alignItems: node.layout === 'baseline' ? 'baseline' : undefined,
            gap: px(node.spacing, SPACING),
            padding: px(node.paddingAll, SPACING),
            background: typeof node.backgroundColor === 'string' ? node.backgroundColor : undefined,
          }}
        >
          {contents.map((child, index) => (
            <Component key={index} node={child} />
          ))}
        </div>
      );
    }
    case 'text': {
      const spans = Array.isArray(node.contents) ? node.contents.filter(isNode) : null;
      return (
        <p
          className="flex-text"
          style={{
            ...base,
            fontSize: px(node.size ?? 'md', TEXT_SIZES),
            fontWeight: node.weight === 'bold' ? 700 : 400,
            color: typeof node.color === 'string' ? node.color : undefined,
            textAlign: node.align === 'center' ? 'center' : node.align === 'end' ? 'right' : 'left',
            whiteSpace: node.wrap ? 'pre-wrap' : 'nowrap',
          }}
        >
          {spans
            ? spans.map((span, index) => (
                <span key={index} style={{ fontWeight: span.weight === 'bold' ? 700 : undefined }}>
                  {String(span.text ?? '')}
                </span>
              ))
            : String(node.text ?? '')}
        </p>
      );
    }
    case 'image':
      return typeof node.url === 'string' && node.url.startsWith('https://') ? (
        <img className="flex-image" src={node.url} alt="" style={base} />
      ) : (
        <div className="flex-image flex-image--empty" style={base} aria-hidden="true" />
      );
    case 'icon':
      return (
        <span className="flex-icon" style={base} aria-hidden="true">
          ★
        </span>
      );
    case 'button': {
      const action = isNode(node.action) ? node.action : {};
      return (
        <span className={`flex-button flex-button--${String(node.style ?? 'link')}`} style={base}>
          {String(action.label ?? 'ボタン')}
        </span>
      );
    }
    case 'separator':
      return <hr className="flex-separator" style={base} />;
    case 'filler':
      return <span style={{ flex: 1 }} />;
    default:
      return null;
  }
}

function Bubble({ bubble }: { bubble: Node }) {
  return (
    <div className="flex-bubble">
      {['header', 'hero', 'body', 'footer'].map((block) =>
        isNode(bubble[block]) ? (
          <div key={block} className={`flex-bubble__${block}`}>
            <Component node={bubble[block] as Node} />
          </div>
        ) : null,
      )}
    </div>
  );
}

/** The container as a phone would show it in the talk (a carousel scrolls sideways). */
export function FlexPreview({ container }: { container: unknown }) {
  if (!isNode(container)) return null;
  if (container.type === 'carousel' && Array.isArray(container.contents))
    return (
      <div className="flex-carousel">
        {container.contents.filter(isNode).map((bubble, index) => (
          <Bubble key={index} bubble={bubble} />
        ))}
      </div>
    );
  return container.type === 'bubble' ? <Bubble bubble={container} /> : null;
}
