import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { staticPage } from '#web/lib/page-load.ts';
import { paths } from '#web/config/paths.ts';

/** Server rendering (issue 11 section 2): the text is in the page; only its head is said here. */
export const ssr = staticPage({
  title: pageTitles.terms,
  description: seo.terms,
  canonicalPath: paths.cgv.href(),
});

/** /cgv: terms of sale (10 % commission, refund rules, accepted cards — spec 2 section 1). */
export default function TermsPage() {
  useDocumentTitle(pageTitles.terms);
  return (
    <LegalDocument
      title={legal.termsTitle}
      intro={legal.termsIntro}
      updated={legal.lastUpdated}
      sections={legal.termsSections}
    />
  );
}
