import type { LandingPage } from '@tsunagu/contracts';
import type { Data } from '@puckeditor/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import {
  useLandingChoices,
  useLandingPage,
  usePublishLandingPage,
  useSaveLandingPage,
} from '../api/landing-api';
import { FieldErrorList } from '../components/field-errors';
import { landingPaths } from '../paths';
import '../components/landing.css';

// Puck and its stylesheet load only on this screen, in their own chunk (decision 0344).
const LandingEditor = lazy(() =>
  import('../components/landing-editor').then((m) => ({ default: m.LandingEditor })),
);
const puckData = () => import('../components/puck-config');

type Meta = { name: string; slug: string; title: string; description: string; tracker: string };
const metaOf = (page: LandingPage | undefined): Meta => ({
  name: page?.name ?? '',
  slug: page?.slug ?? '',
  title: page?.title ?? '',
  description: page?.description ?? '',
  tracker: page?.tracker_id ? String(page.tracker_id) : '',
});

/** LandingEdit (issue 29): page settings, the block editor, 下書き保存 and 公開. */
export function LandingEditPage({ title, id }: { title: string; id: number | null }) {
  const page = useLandingPage(id);
  if (id !== null && page.isPending) return <Loading />;
  if (page.isError)
    return (
      <section className="page">
        <PageHeader title={title} />
        <p className="notice notice--error" role="alert">
          {errorText(page.error)}
        </p>
      </section>
    );
  return <LandingForm key={id ?? 'new'} title={title} page={page.data} />;
}

function LandingForm({ title, page }: { title: string; page: LandingPage | undefined }) {
  const [meta, setMeta] = useState<Meta>(() => metaOf(page));
  const [data, setData] = useState<Data | null>(null);
  const [loaded, setLoaded] = useState(false);
  const save = useSaveLandingPage();
  const publish = usePublishLandingPage();
  const choices = useLandingChoices();
  const trackerId = useId();
  const trackerOptions = [
    { value: 0, name: '（なし）' },
    ...(choices.data?.trackers ?? []).map((tracker) => ({ value: tracker.id, name: tracker.name })),
  ];
  const toast = useToast();
  const navigate = useNavigate();
  if (!loaded) {
    setLoaded(true);
    void puckData().then((m) => setData(m.dataOfBlocks(page?.blocks ?? [])));
  }
  const field = (key: keyof Meta, label: string, hint?: string) => (
    <label className="lp-field">
      <span>{label}</span>
      <input
        value={meta[key]}
        onChange={(event) => setMeta({ ...meta, [key]: event.target.value })}
        aria-label={label}
      />
      {hint ? <small className="text-muted">{hint}</small> : null}
    </label>
  );
  const saveDraft = async () => {
    if (!data) return undefined;
    const { blocksOfData } = await puckData();
    const saved = await save.mutateAsync({
      id: page?.id ?? null,
      input: {
        name: meta.name,
        slug: meta.slug,
        title: meta.title,
        description: meta.description,
        tracker_id: meta.tracker ? Number(meta.tracker) : null,
        // Kept as they are: this screen does not edit them (the list files pages in folders).
        og_image_id: page?.og_image_id ?? null,
        group_id: page?.group_id ?? null,
        blocks: blocksOfData(data),
      },
    });
    toast.success('下書きを保存しました');
    if (!page) void navigate(landingPaths.edit(saved.id), { replace: true });
    return saved;
  };
  const onPublish = async () => {
    const saved = await saveDraft().catch(() => undefined);
    if (!saved) return;
    await publish.mutateAsync({ id: saved.id, publish: true });
    toast.success('公開しました');
  };
  return (
    <section className="page lp-edit-page">
      <PageHeader
        title={title}
        actions={
          <>
            <button
              type="button"
              className="btn"
              onClick={() => void saveDraft().catch(() => undefined)}
              disabled={save.isPending || !data}
            >
              下書き保存
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void onPublish()}
              disabled={save.isPending || publish.isPending || !data}
            >
              公開
            </button>
          </>
        }
      />
      {page ? (
        <p className="text-muted">
          公開URL：
          <a href={page.url} target="_blank" rel="noreferrer">
            {page.url}
          </a>
          {page.published_at === null ? '（未公開）' : ''}
        </p>
      ) : null}
      <FieldErrorList error={save.error ?? publish.error} />
      <div className="lp-meta">
        {field('name', '管理名')}
        {field('slug', 'URL（/p/ のあと）', '半角英小文字・数字・ハイフン')}
        {field('title', 'ページタイトル（OGP）')}
        {field('description', '説明文（OGP）')}
        <div className="lp-field">
          <label htmlFor={trackerId}>流入経路</label>
          <Select
            id={trackerId}
            label="流入経路"
            options={trackerOptions}
            value={meta.tracker ? Number(meta.tracker) : 0}
            loading={choices.isPending}
            onChange={(value) => setMeta({ ...meta, tracker: value ? String(value) : '' })}
            describedBy={`${trackerId}-hint`}
          />
          <small id={`${trackerId}-hint`} className="text-muted">
            友だち追加ボタンはこの流入経路の URL を通ります
          </small>
        </div>
      </div>
      {choices.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(choices.error)}
        </p>
      ) : data && choices.data ? (
        <Suspense fallback={<Loading />}>
          <LandingEditor data={data} choices={choices.data} onChange={setData} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </section>
  );
}
