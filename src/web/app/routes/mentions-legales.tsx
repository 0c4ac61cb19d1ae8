import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /mentions-legales: legal notice with placeholder company details and the hosting provider. */
export default function LegalNoticePage() {
  useDocumentTitle(pageTitles.legalNotice);
  return (
    <LegalDocument
      title={legal.noticeTitle}
      intro={legal.noticeIntro}
      updated={legal.lastUpdated}
      sections={legal.noticeSections}
      footer={legal.placeholderNotice}
    />
  );
}
