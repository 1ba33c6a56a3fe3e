import { RICH_MENU_AREAS_MAX, type FieldErrors } from '@tsunagu/contracts';
import type { Dispatch, SetStateAction } from 'react';
import type { Choice, LinkChoice } from '../api/rich-menus-api';
import type { Rect } from '../lib/area-math';
import { layoutRects } from '../lib/layouts';
import { areaError, newArea, RICH_MENU_EDITOR_TEXT, type MenuDraft } from '../lib/menu-draft';
import { AreaCanvas } from './area-canvas';
import { ActionFields, BoundsFields } from './area-fields';
import { LayoutPicker } from './layout-picker';

/**
 * タップ領域 of the editor: a layout of OAM's, areas drawn on the picture (decision 0265), and
 * each area's place and action as form fields.
 */
export function AreasSection(props: {
  draft: MenuDraft;
  setDraft: Dispatch<SetStateAction<MenuDraft>>;
  errors: FieldErrors;
  readOnly: boolean;
  imageUrl: string | null;
  selected: number | null;
  setSelected: (index: number | null) => void;
  addArea: (bounds: Rect) => void;
  setBounds: (index: number, bounds: Rect) => void;
  removeArea: (index: number) => void;
  actionSets: Choice[];
  menus: Choice[];
  links: LinkChoice[];
}) {
  const { draft, setDraft, errors, readOnly, imageUrl, selected, setSelected } = props;
  const { addArea, setBounds, removeArea } = props;
  const full = draft.areas.length >= RICH_MENU_AREAS_MAX;
  return (
    <section className="rm-section" aria-labelledby="rm-areas-title">
      <h2 id="rm-areas-title">
        タップ領域（{draft.areas.length} / {RICH_MENU_AREAS_MAX}）
      </h2>
      {readOnly ? null : (
        <LayoutPicker
          size={draft.size}
          onPick={(layout) => {
            setDraft((d) => ({
              ...d,
              areas: layoutRects(layout, d.size).map((bounds, i) =>
                newArea(bounds, d.areas[i]?.action),
              ),
            }));
            setSelected(0);
          }}
        />
      )}
      {readOnly ? null : (
        <p className="text-muted">
          画像の上をドラッグすると領域を描けます。領域はドラッグで移動、角で大きさを変えられます。キーボードでは、領域を選んで矢印キーで移動、Alt＋矢印キーで大きさを変更（Shiftで大きく動きます）、Deleteで削除します。
        </p>
      )}
      <AreaCanvas
        size={draft.size}
        imageUrl={imageUrl}
        areas={draft.areas.map((a, i) => ({
          bounds: a.bounds,
          invalid: areaError(errors, i) !== null,
        }))}
        selected={selected}
        readOnly={readOnly}
        canAdd={!full}
        onSelect={setSelected}
        onDraw={addArea}
        onBounds={setBounds}
        onRemove={removeArea}
      />
      {readOnly ? null : (
        <div className="rm-row">
          <button
            type="button"
            className="btn"
            disabled={full}
            onClick={() =>
              addArea({
                x: Math.round(draft.size.width / 3),
                y: Math.round(draft.size.height / 4),
                width: Math.round(draft.size.width / 3),
                height: Math.round(draft.size.height / 2),
              })
            }
          >
            領域を追加
          </button>
          {full ? <span className="text-muted">{RICH_MENU_EDITOR_TEXT.areasFull}</span> : null}
        </div>
      )}
      {errors.areas ? <p className="field__error">{errors.areas[0]}</p> : null}
      <ol className="rm-areas">
        {draft.areas.map((area, index) => (
          <li
            key={area.key}
            className={`rm-area${index === selected ? ' is-selected' : ''}`}
            data-testid="rich-menu-area"
            onFocusCapture={() => setSelected(index)}
          >
            <div className="rm-area__head">
              <strong>タップ領域{index + 1}</strong>
              {readOnly ? null : (
                <button type="button" className="btn btn--ghost" onClick={() => removeArea(index)}>
                  削除
                </button>
              )}
            </div>
            <BoundsFields
              index={index}
              bounds={area.bounds}
              size={draft.size}
              onChange={(bounds) => setBounds(index, bounds)}
            />
            {errors[`areas.${index}.bounds`] ? (
              <p className="field__error">{errors[`areas.${index}.bounds`]?.[0]}</p>
            ) : null}
            <ActionFields
              index={index}
              action={area.action}
              errors={errors}
              actionSets={props.actionSets}
              menus={props.menus}
              links={props.links}
              onChange={(action) =>
                setDraft((d) => ({
                  ...d,
                  areas: d.areas.map((a, i) => (i === index ? { ...a, action } : a)),
                }))
              }
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
