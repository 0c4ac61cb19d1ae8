import type { ReactNode } from 'react';

export type LegalSection = { readonly title: string; readonly paragraphs: readonly string[] };

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
          <section key={section.title} aria-labelledby={`section-${index}`}>
            <h2 id={`section-${index}`} className="text-2xl font-semibold text-ink">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 text-slate-700">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
      {footer ? <div className="mt-10 text-sm text-ink-muted">{footer}</div> : null}
    </article>
  );
}
