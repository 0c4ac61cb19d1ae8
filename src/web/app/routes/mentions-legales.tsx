import { pageTitles } from '#shared/messages/common.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { staticPage } from '#web/lib/page-load.ts';
import { paths } from '#web/config/paths.ts';

/** Server rendering (issue 11 section 2): the text is in the page; only its head is said here. */
export const ssr = staticPage({
  title: pageTitles.legalNotice,
  description: seo.legalNotice,
  canonicalPath: paths.mentionsLegales.href(),
});

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
