import type { SitePage } from '@tsunagu/contracts';
import { useState } from 'react';
import { afterWrite } from '@/lib/after-write';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toast';
import { useSaveSitePage, useSitePage } from '../api/landing-api';
import { FieldErrorList } from '../components/field-errors';
import '../components/landing.css';

/** PureEdit (issue 29, decision 0342): raw HTML for one page; the preview is what the server kept. */
export function PureEditPage({ title, id }: { title: string; id: number }) {
  const page = useSitePage(id);
  if (page.isPending) return <Loading />;
  if (page.isError)
    return (
      <section className="page">
        <PageHeader title={title} />
        <p className="notice notice--error" role="alert">
          {errorText(page.error)}
        </p>
      </section>
    );
  return <PureForm key={page.data.updated_at} title={title} page={page.data} />;
}

function PureForm({ title, page }: { title: string; page: SitePage }) {
  const [pageTitle, setPageTitle] = useState(page.title);
  const [path, setPath] = useState(page.path);
  const [html, setHtml] = useState(page.html);
  const save = useSaveSitePage();
  const toast = useToast();
  return (
    <section className="page lp-pure-page">
      <PageHeader
        title={title}
        actions={
          <button
            type="button"
            className="btn btn--primary"
            disabled={save.isPending}
            onClick={() =>
              afterWrite(
                save.mutateAsync({ id: page.id, input: { title: pageTitle, path, html } }),
                () => toast.success('保存しました（安全でないタグや属性は取り除かれます）'),
              )
            }
          >
            保存
          </button>
        }
      />
      <FieldErrorList error={save.error} />
      <div className="lp-meta">
        <label className="lp-field">
          <span>ページ名</span>
          <input value={pageTitle} onChange={(event) => setPageTitle(event.target.value)} />
        </label>
        <label className="lp-field">
          <span>URL</span>
          <input value={path} onChange={(event) => setPath(event.target.value)} />
        </label>
      </div>
      <label className="lp-field">
        <span>HTML</span>
        <textarea
          className="lp-html"
          value={html}
          onChange={(event) => setHtml(event.target.value)}
          spellCheck={false}
        />
      </label>
      <h2>保存された内容のプレビュー（無害化済み）</h2>
      {/* The server's sanitised HTML (decision 0342); the console's CSP forbids inline script too. */}
      <div className="lp-html-preview" dangerouslySetInnerHTML={{ __html: page.html }} />
      <p className="text-muted">
        公開URL：
        <a href={page.url} target="_blank" rel="noreferrer">
          {page.url}
        </a>
      </p>
    </section>
  );
}
