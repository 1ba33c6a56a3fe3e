import { RICH_MENU_AREAS_MAX, type FieldErrors, type RichMenu } from '@tsunagu/contracts';
import { useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { pagePaths } from '@/config/paths';
import { errorText, isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
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
import { AreasSection } from '../components/areas-section';
import { BasicSettings } from '../components/basic-settings';
import { DeleteMenu } from '../components/delete-menu';
import { PublishSection } from '../components/publish-section';
import { ScheduleSection } from '../components/schedule-section';
import { TapsSection } from '../components/taps-section';
import { RichMenuPreview } from '../components/rich-menu-preview';
import { scaleRect, type Rect, type Size } from '../lib/area-math';
import {
  draftFromMenu,
  newArea,
  newDraft,
  toInput,
  validateDraft,
  type MenuDraft,
} from '../lib/menu-draft';
import '../components/rich-menus.css';

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
          <BasicSettings
            draft={draft}
            errors={errors}
            readOnly={readOnly}
            hasImage={imageUrl !== null}
            change={change}
            resize={resize}
            onImage={(blob, url) => setFile({ blob, url })}
          />
          <AreasSection
            draft={draft}
            setDraft={setDraft}
            errors={errors}
            readOnly={readOnly}
            imageUrl={imageUrl}
            selected={selected}
            setSelected={setSelected}
            addArea={addArea}
            setBounds={setBounds}
            removeArea={removeArea}
            actionSets={choices.data?.actionSets ?? []}
            menus={switchTargets}
            links={links.data ?? []}
          />

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
          ) : null}
          {menu?.line_rich_menu_id ? <TapsSection menu={menu} /> : null}
          {menu ? (
            <ScheduleSection menu={menu} canWrite={canWrite} />
          ) : (
            <p className="text-muted">下書きを保存すると公開できます。</p>
          )}
        </aside>
      </div>
    </section>
  );
}
