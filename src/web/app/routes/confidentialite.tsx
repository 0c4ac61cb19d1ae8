import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/**
 * /confidentialite: privacy policy (RGPD). What it says is kept, for how long and how to use one's rights
 * follows the code: the export and erasure of src/server/modules/privacy (issue 13 section 4).
 */
export default function PrivacyPage() {
  useDocumentTitle(pageTitles.privacy);
  return (
    <LegalDocument
      title={legal.privacyTitle}
      intro={legal.privacyIntro}
      updated={legal.privacyUpdated}
      sections={legal.privacySections}
    />
  );
}
