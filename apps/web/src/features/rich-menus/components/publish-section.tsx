import {
  RICH_MENU_STATE_LABELS,
  type RichMenu,
  type RichMenuAudience,
  type RichMenuPublishProgress,
} from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText, isApiError } from '@/lib/api-error';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { Select } from '@/ui/select';
import { isMissingRoute, usePublishRichMenu, type Choice } from '../api/rich-menus-api';
import { audienceText } from '../lib/audience-text';

const STEP_LABELS: Record<RichMenuPublishProgress['step'], string> = {
  validate: 'LINEで内容を確認しています',
  create: 'LINEにメニューを作っています',
  upload_image: '画像を送っています',
  aliases: 'タブの切り替え先（エイリアス）を設定しています',
  link: '友だちにメニューを設定しています',
  delete_old: '前のメニューを片付けています',
  done: '公開しました',
};

type AudienceType = RichMenuAudience['type'];

/** Where a publish stands, from the menu's read shape (polled while it runs). */
export function PublishProgress({ menu }: { menu: RichMenu }) {
  const job = menu.publish;
  if (!job) return null;
  return (
    <div className="rm-progress" role="status" aria-live="polite">
      <p>
        <span className="rm-state" data-state={menu.state}>
          {RICH_MENU_STATE_LABELS[menu.state]}
        </span>{' '}
        {audienceText(job.audience)}・{STEP_LABELS[job.step]}
        {job.total > 0
          ? `（${job.linked.toLocaleString('ja-JP')} / ${job.total.toLocaleString('ja-JP')}人）`
          : ''}
      </p>
      {job.total > 0 ? (
        <progress max={job.total} value={job.linked} aria-label="友だちへの設定の進み具合" />
      ) : null}
      {job.waiting_until ? (
        <p className="notice notice--info">
          LINEの1時間あたりの上限に達したため、{formatTokyoDateTime(job.waiting_until)}
          ごろに続きを公開します。このまま画面を閉じても公開は続きます。
        </p>
      ) : null}
      {job.error ? (
        <p className="notice notice--error" role="alert">
          {menu.state === 'published' ? (
            <>
              <span className="rm-state" data-state="failed">
                公開失敗
              </span>{' '}
              新しい内容を公開できませんでした：{job.error}
              （友だちには前に公開した内容が表示されたままです）
            </>
          ) : (
            <>公開できませんでした：{job.error}</>
          )}
        </p>
      ) : null}
    </div>
  );
}

/** 公開: who gets the menu (everyone as the default, a tag, a segment), then the job's progress. */
export function PublishSection(props: {
  menu: RichMenu;
  canWrite: boolean;
  dirty: boolean;
  tags: Choice[];
  segments: Choice[];
}) {
  const { menu, canWrite } = props;
  const publish = usePublishRichMenu();
  const [type, setType] = useState<AudienceType>('default');
  const [tagId, setTagId] = useState(0);
  const [segmentId, setSegmentId] = useState(0);
  const audience: RichMenuAudience | null =
    type === 'default'
      ? { type }
      : type === 'tag'
        ? tagId > 0
          ? { type, tag_id: tagId }
          : null
        : segmentId > 0
          ? { type, member_query_id: segmentId }
          : null;
  const blocked = !menu.has_image
    ? 'メニュー画像をアップロードしてから公開できます'
    : props.dirty
      ? '変更を保存してから公開できます'
      : menu.state === 'publishing'
        ? '公開処理中です'
        : audience === null
          ? type === 'tag'
            ? 'タグを選んでください'
            : 'セグメントを選んでください'
          : null;
  const refusal = publish.error
    ? isMissingRoute(publish.error) && !(isApiError(publish.error) && publish.error.message)
      ? 'このサーバーではまだ公開できません（公開機能の準備中です）'
      : errorText(publish.error)
    : null;

  return (
    <section className="rm-section" aria-labelledby="rm-publish-title">
      <h2 id="rm-publish-title">公開</h2>
      <PublishProgress menu={menu} />
      {canWrite ? (
        <>
          <div role="radiogroup" aria-label="公開先" className="rm-row">
            {(
              [
                ['default', 'すべての友だち（デフォルト）'],
                ['tag', 'タグの付いた友だち'],
                ['segment', 'セグメントの友だち'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="rm-choice">
                <input
                  type="radio"
                  name="audience"
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                {label}
              </label>
            ))}
          </div>
          {type === 'tag' ? (
            <Select
              label="公開先のタグ"
              placeholder="タグを選ぶ"
              options={props.tags.map(({ id, name }) => ({ value: id, name }))}
              value={tagId}
              onChange={setTagId}
            />
          ) : null}
          {type === 'segment' ? (
            <Select
              label="公開先のセグメント"
              placeholder="セグメントを選ぶ"
              options={props.segments.map(({ id, name }) => ({ value: id, name }))}
              value={segmentId}
              onChange={setSegmentId}
            />
          ) : null}
          <p className="text-muted">
            LINEの上限（メニューの作成・削除は1時間に100回、一括切り替えは1時間に3回、一度に設定できるのは500人まで）を超える分は、待ってから続きを公開します。
          </p>
          {blocked ? <p className="text-muted">{blocked}</p> : null}
          {refusal ? (
            <p className="notice notice--error" role="alert">
              {refusal}
            </p>
          ) : null}
          <div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={blocked !== null || publish.isPending}
              onClick={() => audience && publish.mutate({ id: menu.id, audience })}
            >
              {publish.isPending ? '公開しています…' : '公開する'}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
