import { Link } from 'react-router';

/** UI-02: a route inside the app (`to`), an ordinary link (`href`), or plain text. */
export type BreadcrumbItem =
  { label: string; to: string } | { label: string; href: string } | { label: string };

/** UI-01: the trail; the last item is the current page. */
export function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="パンくずリスト">
      <ol className="breadcrumbs__list">
        {items.map((item, index) => {
          const current = index === items.length - 1 ? 'page' : undefined;
          return (
            <li key={`${index}-${item.label}`} className="breadcrumbs__item">
              {'to' in item ? (
                <Link to={item.to} aria-current={current}>
                  {item.label}
                </Link>
              ) : 'href' in item ? (
                <a href={item.href} aria-current={current}>
                  {item.label}
                </a>
              ) : (
                <span aria-current={current}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
