import { ChevronDown } from 'lucide-react';
import { supportPage } from '#shared/messages/support.ts';

/** The anchor of the FAQ (spec 2 section 2: /support#faq). */
export const FAQ_ANCHOR = 'faq';

/**
 * The six questions of spec 2 section 2 as a disclosure list: native <details>/<summary>, so each
 * question is a button that the keyboard and screen readers open and close without any script.
 */
export function SupportFaq() {
  return (
    <section id={FAQ_ANCHOR} aria-labelledby="faq-title" className="scroll-mt-24">
      <h2 id="faq-title" className="text-2xl font-semibold text-ink">
        {supportPage.faqTitle}
      </h2>
      <ul className="mt-4 space-y-3">
        {supportPage.faq.map((entry) => (
          <li key={entry.question}>
            <details className="group rounded-2xl border border-line bg-white shadow-soft">
              <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-base font-medium text-ink [&::-webkit-details-marker]:hidden">
                {entry.question}
                <ChevronDown
                  size={20}
                  className="shrink-0 text-ink-muted transition-transform duration-150 group-open:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </summary>
              <p className="px-5 pb-5 text-slate-700">{entry.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
