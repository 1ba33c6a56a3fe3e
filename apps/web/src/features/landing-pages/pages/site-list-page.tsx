import { CONTENT_GROUP_TEXT } from '@tsunagu/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useCreateSite, useCreateSitePage, useSiteFolders, useSites } from '../api/landing-api';
import { FieldErrorList } from '../components/field-errors';
import { landingPaths } from '../paths';
import '../components/landing.css';

/** SiteList (issue 29, decision 0343): shop sites, their pages, and new HTML pages. */
export function SiteListPage({ title }: { title: string }) {
  const list = useSites();
  const create = useCreateSite();
  const addPage = useCreateSitePage();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [salon, setSalon] = useState('');
  const [group, setGroup] = useState('');
  const groups = useSiteFolders();
  const groupName = (id: number | null) =>
    groups.data?.groups.find((g) => g.id === id)?.name ?? CONTENT_GROUP_TEXT.ungrouped;
  return (
    <section className="page lp-site-page">
      <PageHeader title={title} />
      <form
        className="lp-meta"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            name,
            slug,
            salon_id: salon ? Number(salon) : null,
            group_id: group ? Number(group) : null,
          });
        }}
      >
        <label className="lp-field">
          <span>サイト名</span>
          <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="lp-field">
          <span>URL（/s/ のあと）</span>
          <input value={slug} onChange={(event) => setSlug(event.target.value)} />
        </label>
        <label className="lp-field">
          <span>サロンID（メニュー・スタッフ・営業時間を表示）</span>
          <input value={salon} onChange={(event) => setSalon(event.target.value)} />
        </label>
        <label className="lp-field">
          <span>フォルダ</span>
          <select value={group} onChange={(event) => setGroup(event.target.value)}>
            <option value="">{CONTENT_GROUP_TEXT.ungrouped}</option>
            {(groups.data?.groups ?? []).map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          サイトを作成
        </button>
      </form>
      <FieldErrorList error={create.error ?? addPage.error} />
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      {list.data?.sites.map((site) => (
        <article key={site.id} className="lp-site">
          <h2>{site.name}</h2>
          <p className="lp-site__group">フォルダ：{groupName(site.group_id)}</p>
          <a href={site.url} target="_blank" rel="noreferrer">
            {site.url}
          </a>
          <ul>
            {site.pages.map((page) => (
              <li key={page.id}>
                <Link to={landingPaths.pureEdit(page.id)}>{page.title}</Link>（/{page.path}）
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn"
            onClick={() =>
              addPage.mutate({
                siteId: site.id,
                input: {
                  title: '新しいページ',
                  path: `page-${site.pages.length + 1}`,
                  html: '<p></p>',
                },
              })
            }
          >
            HTMLページを追加
          </button>
        </article>
      ))}
    </section>
  );
}
