import {
  RICH_MENU_CHAT_BAR_MAX,
  RICH_MENU_NAME_MAX,
  RICH_MENU_SIZES,
  type FieldErrors,
} from '@tsunagu/contracts';
import { TextBox } from '@/ui/text-field';
import type { Size } from '../lib/area-math';
import { shapeOf } from '../lib/layouts';
import type { MenuDraft } from '../lib/menu-draft';
import { ImagePicker } from './image-picker';

const sizeKey = (s: Size) => `${s.width}x${s.height}`;

/** 基本設定 of the editor: 管理名, the menu bar's text, open or closed, the size, the picture. */
export function BasicSettings(props: {
  draft: MenuDraft;
  errors: FieldErrors;
  readOnly: boolean;
  hasImage: boolean;
  change: (next: Partial<MenuDraft>) => void;
  resize: (size: Size) => void;
  onImage: (blob: File, url: string) => void;
}) {
  const { draft, errors, readOnly, hasImage, change, resize, onImage } = props;
  return (
    <section className="rm-section" aria-labelledby="rm-basic-title">
      <h2 id="rm-basic-title">基本設定</h2>
      <div className="field">
        <label className="field__label" htmlFor="rm-name">
          管理名（友だちには表示されません）
        </label>
        <TextBox
          id="rm-name"
          value={draft.name}
          maxLength={RICH_MENU_NAME_MAX}
          aria-invalid={errors.name !== undefined}
          onChange={(name) => change({ name })}
        />
        {errors.name ? <p className="field__error">{errors.name[0]}</p> : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="rm-chat-bar">
          メニューバーのテキスト
        </label>
        <TextBox
          id="rm-chat-bar"
          value={draft.chat_bar_text}
          maxLength={RICH_MENU_CHAT_BAR_MAX}
          aria-invalid={errors.chat_bar_text !== undefined}
          onChange={(chat_bar_text) => change({ chat_bar_text })}
        />
        {errors.chat_bar_text ? <p className="field__error">{errors.chat_bar_text[0]}</p> : null}
      </div>
      <div className="rm-row" role="radiogroup" aria-label="トーク画面を開いたとき">
        <span className="field__label">トーク画面を開いたとき</span>
        <label className="rm-choice">
          <input
            type="radio"
            name="selected"
            checked={draft.selected}
            onChange={() => change({ selected: true })}
          />
          メニューを開いて表示
        </label>
        <label className="rm-choice">
          <input
            type="radio"
            name="selected"
            checked={!draft.selected}
            onChange={() => change({ selected: false })}
          />
          閉じて表示
        </label>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="rm-size">
          画像の大きさ
        </label>
        <select
          id="rm-size"
          value={sizeKey(draft.size)}
          onChange={(event) => {
            const size = RICH_MENU_SIZES.find((s) => sizeKey(s) === event.target.value);
            if (size) resize({ width: size.width, height: size.height });
          }}
        >
          {RICH_MENU_SIZES.map((s) => (
            <option key={sizeKey(s)} value={sizeKey(s)}>
              {s.width}×{s.height}（{shapeOf(s) === 'large' ? '大' : '小'}）
            </option>
          ))}
        </select>
      </div>
      {readOnly ? null : (
        <ImagePicker
          hasImage={hasImage}
          onPick={(picked, url, shape) => {
            onImage(picked, url);
            // A first picture decides the shape (full or half height) while no area exists.
            if (draft.areas.length === 0) {
              const half = shape.width / shape.height > 2.2;
              if (half !== (shapeOf(draft.size) === 'small'))
                resize({ width: 2500, height: half ? 843 : 1686 });
            }
          }}
        />
      )}
    </section>
  );
}
