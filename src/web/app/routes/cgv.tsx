import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

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
