import type { Action, FollowSettings, OnUnblock } from '@tsunagu/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText, isApiError } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { AUTOMATION_GUIDE } from '@/lib/automation-guide';
import { PageHeader } from '@/ui/page-header';
import { Select } from '@/ui/select';
import { useToast } from '@/ui/toast';
import {
  useActionChoices,
  useFollowSettings,
  useGreetingTemplate,
  useSaveFollowSettings,
} from '../api/follow-api';
import { ActionListEditor } from '../components/action-list-editor';
import { ActionSetsSection } from '../components/action-sets-section';
import '../components/follow.css';

export const FOLLOW_TABS = [
  { tab: 'basic', label: '基本設定' },
  { tab: 'unblock', label: 'ブロック解除時' },
  { tab: 'actions', label: 'アクション' },
  { tab: 'action_sets', label: 'アクションセット' },
] as const;
type Tab = (typeof FOLLOW_TABS)[number]['tab'];

const UNBLOCK_CHOICES: { value: OnUnblock; label: string; hint: string }[] = [
  {
    value: 'silent',
    label: '何も送らない',
    hint: 'ブロックを解除した友だちには、あいさつメッセージを送りません。',
  },
  {
    value: 'greet',
    label: 'あいさつメッセージをもう一度送る',
    hint: 'ブロック解除も友だち追加と同じくあいさつします。',
  },
];

/**
 * 友だち追加時設定 (ROUTE-04, issue 25): the greeting a new friend gets (a template, sent free as
 * a reply while LINE's reply token is fresh), what an unblock does, and the actions run on
 * follow — with a LINE-like preview of the greeting. Tabs follow `?tab=` (basic by default).
 */
export function FollowSettingsPage(props: {
  title: string;
  /** The templates' LINE-like preview of messages (app/ hands it over: features stay apart). */
  renderPreview: (messages: readonly Record<string, unknown>[]) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = FOLLOW_TABS.some((t) => t.tab === params.get('tab'))
    ? (params.get('tab') as Tab)
    : 'basic';
  const settings = useFollowSettings();
  const choices = useActionChoices();
  const save = useSaveFollowSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<FollowSettings | null>(null);
  useEffect(() => {
    if (settings.data && draft === null) setDraft(settings.data);
  }, [settings.data, draft]);
  const greeting = useGreetingTemplate(draft?.greeting_template_id ?? null);

  if (settings.isError)
    return (
      <section className="page follow-page">
        <PageHeader title={props.title} />
        <p className="notice notice--error" role="alert">
          {isApiError(settings.error) && settings.error.status === 403
            ? '友だち追加時の設定には「テンプレートの編集」の権限が必要です'
            : `設定を読み込めませんでした：${errorText(settings.error)}`}
        </p>
      </section>
    );
  if (!draft || !choices.data) return <Loading />;

  const errors = save.error && isApiError(save.error) ? save.error.fieldErrors : {};
  const change = (next: Partial<FollowSettings>) => setDraft({ ...draft, ...next });
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => toast.success('友だち追加時の設定を保存しました'),
    });
  const preview = (
    <aside className="follow-page__preview">
      <h2 className="follow-page__subtitle">プレビュー</h2>
      {draft.greeting_template_id === null ? (
        <p className="text-muted">あいさつメッセージは送りません</p>
      ) : greeting.data ? (
        props.renderPreview(greeting.data.messages as Record<string, unknown>[])
      ) : (
        <Loading />
      )}
    </aside>
  );

  return (
    <section className="page follow-page">
      <PageHeader title={props.title} lead={AUTOMATION_GUIDE.follow} />
      <nav className="follow-tabs" aria-label="友だち追加時設定の表示">
        {FOLLOW_TABS.map((item) => (
          <button
            key={item.tab}
            type="button"
            className={`follow-tabs__tab${item.tab === tab ? ' is-current' : ''}`}
            aria-current={item.tab === tab ? 'page' : undefined}
            onClick={() => setParams(item.tab === 'basic' ? {} : { tab: item.tab })}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {tab === 'action_sets' ? (
        <ActionSetsSection choices={choices.data} />
      ) : (
        <div className="follow-page__body">
          <div className="follow-page__form">
            {tab === 'basic' ? (
              <div className="field">
                <span className="field__label">あいさつメッセージ</span>
                <p className="text-muted">
                  友だち追加された直後に送るメッセージです。LINEの応答トークンが有効なうちは応答メッセージとして送るため、メッセージ通数を消費しません。
                </p>
                <Select
                  label="あいさつメッセージ（テンプレート）"
                  options={[
                    { value: 0, name: '送らない' },
                    ...choices.data.templates.map(({ id, name }) => ({ value: id, name })),
                  ]}
                  value={draft.greeting_template_id ?? 0}
                  onChange={(id) => change({ greeting_template_id: id === 0 ? null : id })}
                  invalid={errors.greeting_template_id !== undefined}
                />
                {errors.greeting_template_id ? (
                  <p className="field__error">{errors.greeting_template_id[0]}</p>
                ) : null}
                <p className="text-muted">
                  テンプレートは<Link to="/vue3-dev/line/template/new">テンプレート作成</Link>
                  で作れます。
                </p>
              </div>
            ) : null}
            {tab === 'unblock' ? (
              <fieldset className="fieldset">
                <legend>ブロックを解除した友だち</legend>
                <p className="text-muted">
                  ブロック解除は新しい友だちではありません。友だち追加日は変わらず、友だち追加時のアクション・ジャーニー・エピソードは始まりません。
                </p>
                {UNBLOCK_CHOICES.map((choice) => (
                  <label key={choice.value} className="follow-choice">
                    <input
                      type="radio"
                      name="on_unblock"
                      value={choice.value}
                      checked={draft.on_unblock === choice.value}
                      onChange={() => change({ on_unblock: choice.value })}
                    />
                    <span>
                      <strong>{choice.label}</strong>
                      <span className="text-muted"> {choice.hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {tab === 'actions' ? (
              <div className="field">
                <p className="text-muted">
                  新しく友だち追加されたときに、上から順に一度だけ実行します（あいさつメッセージの後）。
                </p>
                <ActionListEditor
                  actions={draft.actions}
                  choices={choices.data}
                  errors={errors}
                  onChange={(actions: Action[]) => change({ actions })}
                />
              </div>
            ) : null}
            {save.error && !isApiError(save.error) ? (
              <p className="notice notice--error" role="alert">
                {errorText(save.error)}
              </p>
            ) : null}
            {save.error && isApiError(save.error) ? (
              <p className="notice notice--error" role="alert">
                {Object.values(save.error.fieldErrors).flat()[0] ?? errorText(save.error)}
              </p>
            ) : null}
            <div className="follow-page__save">
              <button
                type="button"
                className="btn btn--primary"
                disabled={save.isPending}
                onClick={submit}
              >
                {save.isPending ? '保存中…' : '保存する'}
              </button>
            </div>
          </div>
          {preview}
        </div>
      )}
    </section>
  );
}
