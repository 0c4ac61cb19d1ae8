import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /confidentialite: privacy policy (RGPD). */
export default function PrivacyPage() {
  useDocumentTitle(pageTitles.privacy);
  return (
    <LegalDocument
      title={legal.privacyTitle}
      intro={legal.privacyIntro}
      updated={legal.lastUpdated}
      sections={legal.privacySections}
    />
  );
}
