import { Link } from 'react-router';
import { pageTitles } from '#shared/messages/common.ts';
import { dataRightsLinkPage } from '#shared/messages/trust-web.ts';
import { legal } from '#shared/messages/pages.ts';
import { LegalDocument } from '#web/components/layout/legal-document.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { seo } from '#shared/messages/seo.ts';
import { staticPage } from '#web/lib/page-load.ts';
import { paths } from '#web/config/paths.ts';

/** Server rendering (issue 11 section 2): the text is in the page; only its head is said here. */
export const ssr = staticPage({
  title: pageTitles.privacy,
  description: seo.privacy,
  canonicalPath: paths.confidentialite.href(),
});

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
      footer={
        <p className="text-base text-slate-700">
          {dataRightsLinkPage.fromPrivacyPage}{' '}
          <Link
            to={paths.dataRights.href()}
            className="focus-ring rounded font-medium text-accent-text underline underline-offset-4"
          >
            {dataRightsLinkPage.fromPrivacyPageLink}
          </Link>
        </p>
      }
    />
  );
}
