import { Link } from 'react-router';
import type { PageProps } from '../route-handle';

export const NOT_FOUND_TITLE = 'ページが見つかりません';

/** DEC-07: unknown paths and malformed ids land here, inside the main layout. */
export function NotFoundPage({ title }: PageProps) {
  return (
    <section className="page not-found">
      <h1 className="page-header__title">{title}</h1>
      <p>お探しのページは移動または削除されたか、URLが間違っている可能性があります。</p>
      <Link to="/" className="btn btn--primary">
        トップへ戻る
      </Link>
    </section>
  );
}
