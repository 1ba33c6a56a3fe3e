import {
  RICH_MENU_AREAS_MAX,
  RICH_MENU_CHAT_BAR_MAX,
  RICH_MENU_NAME_MAX,
  RICH_MENU_SIZES,
  type FieldErrors,
  type RichMenu,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText, isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { TextBox } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import {
  richMenuImageUrl,
  useLinkChoices,
  useRichMenu,
  useRichMenuChoices,
  useRichMenus,
  useSaveRichMenu,
  useUploadRichMenuImage,
} from '../api/rich-menus-api';
import { AreaCanvas } from '../components/area-canvas';
import { ActionFields, BoundsFields } from '../components/area-fields';
import { DeleteMenu } from '../components/delete-menu';
import { ImagePicker } from '../components/image-picker';
import { LayoutPicker } from '../components/layout-picker';
import { PublishSection } from '../components/publish-section';
import { RichMenuPreview } from '../components/rich-menu-preview';
import { scaleRect, type Rect, type Size } from '../lib/area-math';
import { layoutRects, shapeOf } from '../lib/layouts';
import {
  areaError,
  draftFromMenu,
  newArea,
  newDraft,
  RICH_MENU_EDITOR_TEXT,
  toInput,
  validateDraft,
  type MenuDraft,
} from '../lib/menu-draft';
import '../components/rich-menus.css';

const sizeKey = (s: Size) => `${s.width}x${s.height}`;

/**
 * リッチメニューの作成・編集 (issue 25, decisions 0265–0268): the image, the areas (a layout of
 * OAM's, drawn, or typed as numbers), each area's action, saved as a draft; then publishing to
 * everyone, a tag or a segment with the job's progress. Without template-write it is read-only.
 */
export function RichMenuEditorPage(props: { title: string; id: number | null; canWrite: boolean }) {
  const { id, canWrite } = props;
  const saved = useRichMenu(id);
  if (id !== null && saved.isError)
    return (
      <section className="page">
        <PageHeader title={props.title} />
        <p className="notice notice--error" role="alert">
          {isApiError(saved.error) && saved.error.status === 404
            ? 'リッチメニューが見つかりません'
            : `読み込めませんでした：${errorText(saved.error)}`}
        </p>
        <Link to={pagePaths.RichMenuModeSelect}>リッチメニュー一覧へ</Link>
      </section>
    );
  if (id !== null && !saved.data) return <Loading />;
  return (
    <Editor
      key={saved.data?.id ?? 'new'}
      title={props.title}
      menu={saved.data ?? null}
      canWrite={canWrite}
    />
  );
}

function Editor(props: { title: string; menu: RichMenu | null; canWrite: boolean }) {
  const { menu, canWrite } = props;
  const readOnly = !canWrite;
  const [draft, setDraft] = useState<MenuDraft>(() => (menu ? draftFromMenu(menu) : newDraft()));
  const [selected, setSelected] = useState<number | null>(null);
  const [file, setFile] = useState<{ blob: File; url: string } | null>(null);
  const [tried, setTried] = useState(false);
  const menus = useRichMenus();
  const choices = useRichMenuChoices();
  const links = useLinkChoices();
  const save = useSaveRichMenu();
  const upload = useUploadRichMenuImage();
  const toast = useToast();
  const navigate = useNavigate();

  const imageUrl = file?.url ?? (menu?.has_image ? richMenuImageUrl(menu) : null);
  const local = validateDraft(draft);
  const server: FieldErrors = save.error && isApiError(save.error) ? save.error.fieldErrors : {};
  const errors: FieldErrors = tried ? { ...server, ...local } : server;
  const dirty =
    file !== null ||
    !menu ||
    JSON.stringify(toInput(draft)) !== JSON.stringify(toInput(draftFromMenu(menu)));
  const full = draft.areas.length >= RICH_MENU_AREAS_MAX;

  const change = (next: Partial<MenuDraft>) => setDraft((d) => ({ ...d, ...next }));
  const setBounds = (index: number, bounds: Rect) =>
    setDraft((d) => ({
      ...d,
      areas: d.areas.map((a, i) => (i === index ? { ...a, bounds } : a)),
    }));
  const addArea = (bounds: Rect) => {
    if (full) return;
    setDraft((d) => ({ ...d, areas: [...d.areas, newArea(bounds)] }));
    setSelected(draft.areas.length);
  };
  const removeArea = (index: number) => {
    setDraft((d) => ({ ...d, areas: d.areas.filter((_, i) => i !== index) }));
    setSelected(null);
  };
  const resize = (size: Size) =>
    setDraft((d) => ({
      ...d,
      size,
      areas: d.areas.map((a) => ({ ...a, bounds: scaleRect(a.bounds, d.size, size) })),
    }));

  const submit = async () => {
    setTried(true);
    if (Object.keys(local).length > 0) {
      toast.error('入力内容を確認してください');
      return;
    }
    try {
      let result = await save.mutateAsync({ id: menu?.id ?? null, input: toInput(draft) });
      if (file) {
        result = await upload.mutateAsync({ id: result.id, file: file.blob });
        setFile(null);
      }
      toast.success('リッチメニューを保存しました');
      if (!menu) void navigate(generatePath(pagePaths.RichMenuEdit, { id: String(result.id) }));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const switchTargets = (menus.data?.rich_menus ?? [])
    .filter((m) => m.id !== menu?.id)
    .map(({ id, name }) => ({ id, name }));
  const busy = save.isPending || upload.isPending;
  const firstError = Object.values(errors).flat()[0];

  return (
    <section className="page rm-page">
      <PageHeader title={props.title} />
      {readOnly ? (
        <p className="notice notice--info">
          閲覧のみです。リッチメニューの作成・変更には「テンプレートの編集」の権限が必要です。
        </p>
      ) : null}
      <p>
        <Link to={pagePaths.RichMenuModeSelect}>← リッチメニュー一覧</Link>
      </p>
      <div className="rm-editor">
        <fieldset className="rm-editor__form" disabled={readOnly}>
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
              {errors.chat_bar_text ? (
                <p className="field__error">{errors.chat_bar_text[0]}</p>
              ) : null}
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
                hasImage={imageUrl !== null}
                onPick={(picked, url, shape) => {
                  setFile({ blob: picked, url });
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
                {full ? (
                  <span className="text-muted">{RICH_MENU_EDITOR_TEXT.areasFull}</span>
                ) : null}
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
                      <button
                        type="button"
                        className="btn btn--ghost"
                        onClick={() => removeArea(index)}
                      >
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
                    actionSets={choices.data?.actionSets ?? []}
                    menus={switchTargets}
                    links={links.data ?? []}
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

          {canWrite ? (
            <div className="rm-row">
              {tried && firstError ? (
                <p className="notice notice--error" role="alert">
                  {firstError}
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => void submit()}
              >
                {busy ? '保存中…' : '下書きを保存'}
              </button>
              {menu ? <DeleteMenu menu={menu} /> : null}
            </div>
          ) : null}
        </fieldset>
        <aside className="rm-editor__preview" aria-label="プレビュー">
          <RichMenuPreview
            menu={{ ...draft, areas: draft.areas.map((a) => ({ bounds: a.bounds })) }}
            imageUrl={imageUrl}
            activeIndex={selected}
          />
          {menu ? (
            <PublishSection
              menu={menu}
              canWrite={canWrite}
              dirty={dirty}
              tags={choices.data?.tags ?? []}
              segments={choices.data?.segments ?? []}
            />
          ) : (
            <p className="text-muted">下書きを保存すると公開できます。</p>
          )}
        </aside>
      </div>
    </section>
  );
}
