import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/a11y/documentTitle';
import { PageHeader } from '../../shared/PageHeader';
import * as page from '../../shared/page.css';

export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: Array<{ heading: string; body: ReactNode }>;
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <article className={page.prose}>
        <p className={page.muted}>Last updated {updated}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className={page.sectionTitle} style={{ marginTop: 24 }}>
              {section.heading}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </>
  );
}
