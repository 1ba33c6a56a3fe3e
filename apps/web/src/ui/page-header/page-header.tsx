import type { ReactNode } from 'react';
import { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs';
import { manualRoot, manualUrl } from './manual-url';
import './page-header.css';

type PageHeaderProps = {
  title: string;
  /** UI-01/UI-02: shown above the title. */
  breadcrumbs?: readonly BreadcrumbItem[];
  /** UI-03: a manual page, e.g. 'tel'; opened in a new tab when a manual root is configured. */
  manualPath?: string;
  actions?: ReactNode;
  /** One line under the title: what the screen is for, and when another one fits better. */
  lead?: ReactNode;
};

export function PageHeader(props: PageHeaderProps) {
  const { title, breadcrumbs = [], manualPath, actions, lead } = props;
  const root = manualPath ? manualRoot() : null;
  return (
    <div className="page-header">
      <div className="page-header__main">
        <Breadcrumbs items={breadcrumbs} />
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
      </div>
      {actions || root ? (
        <div className="page-header__actions">
          {root && manualPath ? (
            <a
              className="btn btn--ghost page-header__manual"
              href={manualUrl(root, manualPath)}
              target="_blank"
              rel="noopener noreferrer"
            >
              マニュアル
              <span className="visually-hidden">（新しいタブで開きます）</span>
            </a>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
