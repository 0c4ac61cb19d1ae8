import type { ReactNode } from 'react';

export type LegalSection = { readonly title: string; readonly paragraphs: readonly string[] };

/**
 * One titled section of a long text: its heading (level 2 for a page's sections, 3 inside one),
 * then its paragraphs. `id` is the section's anchor, when a link points at it.
 */
export function DocumentSection({
  headingId,
  title,
  paragraphs,
  level = 2,
  id,
}: {
  headingId: string;
  title: string;
  paragraphs: readonly string[];
  level?: 2 | 3;
  id?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={id} aria-labelledby={headingId} className={id ? 'scroll-mt-24' : undefined}>
      <Heading
        id={headingId}
        className={level === 2 ? 'text-2xl font-semibold text-ink' : 'text-lg font-semibold text-ink'}
      >
        {title}
      </Heading>
      <div className={level === 2 ? 'mt-3 space-y-3 text-slate-700' : 'mt-2 space-y-2 text-slate-700'}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}

/** A long static text: title, introduction, numbered sections (privacy, terms, legal notice). */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
  footer,
}: {
  title: string;
  intro: string;
  updated?: string;
  sections: readonly LegalSection[];
  footer?: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold text-ink sm:text-5xl">{title}</h1>
      {updated ? <p className="mt-3 text-sm text-ink-muted">{updated}</p> : null}
      <p className="mt-6 text-lg text-slate-700">{intro}</p>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <DocumentSection
            key={section.title}
            headingId={`section-${index}`}
            title={`${index + 1}. ${section.title}`}
            paragraphs={section.paragraphs}
          />
        ))}
      </div>
      {footer ? <div className="mt-10 text-sm text-ink-muted">{footer}</div> : null}
    </article>
  );
}
