import { TEL_TEXT } from '@tsunagu/contracts';
import type { ReactNode } from 'react';
import { PageHeader, type BreadcrumbItem } from '@/ui/page-header';
import { telPaths } from '../paths';
import { DryRunBanner } from './dry-run-banner';
import './tel.css';

type TelPageProps = {
  title: string;
  /** Pages below the list show the trail 通知メッセージ › (parent) › this page. */
  trail?: readonly BreadcrumbItem[];
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** The frame of every tel screen: header with the manual path 'tel' (TEL-73), dry-run banner. */
export function TelPage({ title, trail, actions, className, children }: TelPageProps) {
  const breadcrumbs = trail
    ? [{ label: '通知メッセージ', to: telPaths.list }, ...trail, { label: title }]
    : [];
  return (
    <section className={`page ${className ?? ''}`.trim()}>
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        manualPath={TEL_TEXT.manualPath}
        actions={actions}
      />
      <DryRunBanner />
      {children}
    </section>
  );
}
