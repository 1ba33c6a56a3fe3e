import type { ReactNode } from 'react';

/** One labelled state of an element; the label names the state being shown. */
export function Sample({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ui-catalogue__sample">
      <h3 className="ui-catalogue__sample-title">{title}</h3>
      {children}
    </div>
  );
}

export function CatalogueSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ui-catalogue__section" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`} className="ui-catalogue__section-title">
        {props.title}
      </h2>
      <div className="ui-catalogue__grid">{props.children}</div>
    </section>
  );
}
