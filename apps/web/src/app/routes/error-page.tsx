import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useBrandLabel } from '../session';
import './error-page.css';

export const ERROR_PAGE_TITLE = 'エラーが発生しました';
export const ERROR_PAGE_TEXT = {
  generic: '画面を表示できませんでした。ページを再読み込みするか、トップへ戻ってください。',
  // A chunk of the previous build is gone after an update: reloading fetches the new one.
  staleBuild:
    '画面の部品を読み込めませんでした。新しい版に更新された可能性があります。ページを再読み込みしてください。',
} as const;

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/**
 * Whatever goes wrong while a screen renders ends here, always in Japanese: the error's own
 * text (English, or a server's) goes to the console for developers, never onto the page.
 */
export function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const brand = useBrandLabel();
  useEffect(() => {
    console.error(error);
    document.title = `${ERROR_PAGE_TITLE} | ${brand}`;
  }, [error, brand]);

  const content = (
    <>
      <h1 className="error-page__title">{ERROR_PAGE_TITLE}</h1>
      <p>{isChunkLoadError(error) ? ERROR_PAGE_TEXT.staleBuild : ERROR_PAGE_TEXT.generic}</p>
      <div className="error-page__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
        {/* A full load: whatever state broke this screen is left behind. */}
        <a className="btn" href="/">
          トップへ戻る
        </a>
      </div>
    </>
  );
  // Inside a layout the page area is already the <main> landmark; alone, this is the page.
  return inLayout ? (
    <section className="error-page">{content}</section>
  ) : (
    <main className="error-page" id="main-content" tabIndex={-1}>
      {content}
    </main>
  );
}
