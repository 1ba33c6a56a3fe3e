import type { ReactNode } from 'react';
import { percentOf, type Rect, type Size } from '../lib/area-math';
import './rich-menus.css';

export type PreviewMenu = {
  size: Size;
  chat_bar_text: string;
  selected: boolean;
  areas: readonly { bounds: Rect; label?: string }[];
};

/**
 * What a friend sees under the chat (decision 0267): the menu bar with its text and, when the
 * menu is open, the picture with its tap areas numbered as in the editor. Sized by its parent
 * (a phone's width), so the Visual canvas, the editor and LinePreview's footer share it.
 */
export function RichMenuPanel(props: {
  menu: PreviewMenu;
  imageUrl: string | null;
  /** The area the editor has selected, outlined. */
  activeIndex?: number | null;
}) {
  const { menu, imageUrl, activeIndex = null } = props;
  return (
    <div className="rm-panel" data-testid="rich-menu-panel">
      <div className="rm-panel__bar">
        <span className="rm-panel__keyboard" aria-hidden="true">
          ⌨
        </span>
        <span className="rm-panel__bar-text">
          {menu.chat_bar_text || 'メニュー'} {menu.selected ? '▼' : '▲'}
        </span>
      </div>
      {menu.selected ? (
        <div
          className="rm-panel__image"
          style={{ aspectRatio: `${menu.size.width} / ${menu.size.height}` }}
        >
          {imageUrl ? (
            <img src={imageUrl} alt="リッチメニューの画像" />
          ) : (
            <span className="rm-panel__no-image">画像はまだありません</span>
          )}
          {menu.areas.map((area, index) => (
            <span
              key={index}
              className={`rm-panel__area${index === activeIndex ? ' is-active' : ''}`}
              style={percentOf(area.bounds, menu.size)}
              title={area.label}
            >
              {index + 1}
            </span>
          ))}
        </div>
      ) : (
        <p className="rm-panel__closed">最初はメニューを閉じて表示します</p>
      )}
    </div>
  );
}

/** A phone at LINE's width: the chat (or an empty one), then the menu. */
export function RichMenuPreview(props: {
  menu: PreviewMenu;
  imageUrl: string | null;
  activeIndex?: number | null;
  accountName?: string;
  chat?: ReactNode;
}) {
  return (
    <figure className="rm-phone" aria-label="リッチメニューのプレビュー">
      {props.accountName ? <div className="rm-phone__title">{props.accountName}</div> : null}
      <div className="rm-phone__chat">{props.chat}</div>
      <RichMenuPanel
        menu={props.menu}
        imageUrl={props.imageUrl}
        activeIndex={props.activeIndex ?? null}
      />
    </figure>
  );
}
