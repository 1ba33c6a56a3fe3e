import { PageHeader } from './page-header';

/** Screens that later issues build: the title and an honest "not ready yet", nothing more. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page">
      <PageHeader title={title} />
      <p className="placeholder">準備中</p>
    </section>
  );
}
