import { RICH_MENU_STATE_LABELS, type RichMenu } from '@tsunagu/contracts';
import { generatePath, Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { formatTokyoDateTime } from '@/lib/tokyo-time';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { richMenuImageUrl, useRichMenuChoices, useRichMenus } from '../api/rich-menus-api';
import { audienceText } from '../lib/audience-text';
import '../components/rich-menus.css';

/** Which of the three ways the account shows a menu now, read from its menus (decision 0265). */
function currentMode(menus: readonly RichMenu[]): 'oam' | 'single' | 'tabs' {
  const live = menus.filter((m) => m.state === 'published' || m.state === 'publishing');
  if (live.length === 0) return 'oam';
  return live.some((m) => m.areas.some((a) => a.action.type === 'richmenuswitch'))
    ? 'tabs'
    : 'single';
}

const MODES = [
  {
    mode: 'oam',
    title: 'LINE公式アカウントマネージャーのメニューを使う',
    body: 'LINE公式アカウントマネージャーで作ったリッチメニューをそのまま表示します。このツールは何もしません（ここで公開したメニューがあると、そちらが優先されます）。',
  },
  {
    mode: 'single',
    title: '1つのメニューを表示する',
    body: '画像とタップ領域（最大20個）を作り、すべての友だち、またはタグ・セグメントの友だちに表示します。',
  },
  {
    mode: 'tabs',
    title: 'タブ付きメニューを表示する',
    body: '2〜4個のメニューをタブで切り替えます。テンプレート「タブ○つ＋本体」で作り、タブの領域のアクションを「タブ切り替え」にして、ほかのメニューを選びます。',
  },
] as const;

/**
 * リッチメニュー モード選択 (ROUTE-28, issue 25): the three ways to show a menu, with the
 * account's menus below (name, state, who sees it, when it changed). Reading is for every
 * operator; making and editing need template-write.
 */
export function RichMenuModePage(props: { title: string; canWrite: boolean }) {
  const { canWrite } = props;
  const list = useRichMenus();
  const choices = useRichMenuChoices();
  const names = {
    tags: new Map(choices.data?.tags.map((t) => [t.id, t.name])),
    segments: new Map(choices.data?.segments.map((s) => [s.id, s.name])),
  };
  const menus = list.data?.rich_menus ?? [];
  const mode = currentMode(menus);

  return (
    <section className="page rm-page">
      <PageHeader title={props.title} />
      {!canWrite ? (
        <p className="notice notice--info">
          閲覧のみです。リッチメニューの作成・変更には「テンプレートの編集」の権限が必要です。
        </p>
      ) : null}
      <p className="notice notice--info">
        このツール（Messaging
        API）で公開したリッチメニューは、LINE公式アカウントマネージャーで設定したデフォルトのリッチメニューより優先して表示されます。
      </p>
      <div className="rm-modes">
        {MODES.map((item) => (
          <article
            key={item.mode}
            className="rm-mode"
            aria-current={item.mode === mode ? 'true' : undefined}
          >
            <h3>{item.title}</h3>
            {list.data && item.mode === mode ? (
              <span className="rm-state" data-state="published">
                いまの表示
              </span>
            ) : null}
            <p className="text-muted">{item.body}</p>
            {canWrite && item.mode !== 'oam' ? (
              <Link className="btn btn--primary" to={pagePaths.RichMenuNew}>
                {item.mode === 'tabs' ? 'タブのメニューを作る' : 'メニューを作る'}
              </Link>
            ) : null}
          </article>
        ))}
      </div>

      <h2>リッチメニュー一覧</h2>
      {list.isError ? (
        <p className="notice notice--error" role="alert">
          一覧を読み込めませんでした：{errorText(list.error)}
        </p>
      ) : !list.data ? (
        <Loading />
      ) : menus.length === 0 ? (
        <p className="text-muted">まだリッチメニューはありません。</p>
      ) : (
        <table className="rm-table">
          <thead>
            <tr>
              <th scope="col">画像</th>
              <th scope="col">管理名</th>
              <th scope="col">状態</th>
              <th scope="col">表示する友だち</th>
              <th scope="col">タップ領域</th>
              <th scope="col">更新日時</th>
            </tr>
          </thead>
          <tbody>
            {menus.map((menu) => (
              <tr key={menu.id} data-testid="rich-menu-row">
                <td>
                  {menu.has_image ? (
                    <img className="rm-thumb" src={richMenuImageUrl(menu)} alt="" />
                  ) : (
                    <span className="text-muted">画像なし</span>
                  )}
                </td>
                <td>
                  <Link to={generatePath(pagePaths.RichMenuEdit, { id: String(menu.id) })}>
                    {menu.name}
                  </Link>
                </td>
                <td>
                  <span className="rm-state" data-state={menu.state}>
                    {RICH_MENU_STATE_LABELS[menu.state]}
                  </span>
                  {menu.state === 'published' && menu.publish?.error ? (
                    <>
                      {' '}
                      <span className="rm-state" data-state="failed" title={menu.publish.error}>
                        公開失敗
                      </span>
                      <span className="rm-error-reason">{menu.publish.error}</span>
                    </>
                  ) : null}
                </td>
                <td>{menu.publish ? audienceText(menu.publish.audience, names) : '—'}</td>
                <td>{menu.areas.length}個</td>
                <td>{formatTokyoDateTime(menu.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
