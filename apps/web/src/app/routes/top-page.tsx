import { Link, useSearchParams } from 'react-router';
import { HomeFigures } from '@/features/home';
import { OperatorNoticesPanel } from '@/features/operator-notices';
import { PageHeader } from '@/ui/page-header';
import { useMenuSections } from '../menu-context';
import { builtSections } from '../menu-sections';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';
import './top-page.css';

export const FORBIDDEN_NOTICE = 'このページを表示する権限がありません';

/**
 * DEC-07 top page. APP-07: its theme follows the account's brand. It lists only screens that
 * work; the side menu shows the rest tagged 準備中 (ADR 0061).
 */
export function TopPage({ title }: PageProps) {
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const forbidden = params.get('forbidden') === '1';
  const sections = builtSections(useMenuSections()).filter((section) => section.label !== 'ホーム');

  return (
    <section className="page top-page" data-theme={session.account.brand_theme}>
      <PageHeader title={title} />
      {forbidden ? (
        <p className="notice notice--error" role="alert">
          {FORBIDDEN_NOTICE}
        </p>
      ) : null}
      <div className="top-page__hero">
        <p className="top-page__brand">{session.account.brand_label}</p>
        <p className="top-page__welcome">
          {session.account.name}・{session.operator.display_name} さん、ようこそ
        </p>
      </div>
      <HomeFigures />
      <OperatorNoticesPanel />
      <div className="top-page__grid">
        {sections.map((section) => (
          <nav key={section.label} className="top-card" aria-label={section.label}>
            <h2 className="top-card__title">{section.label}</h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.name}>
                  <Link to={link.path}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </section>
  );
}
