import { pageTitles } from '#shared/messages/common.ts';
import { seo } from '#shared/messages/seo.ts';
import { verificationPage } from '#shared/messages/verification.ts';
import { DocumentSection } from '#web/components/layout/legal-document.tsx';
import { paths } from '#web/config/paths.ts';
import { CharterText } from '#web/features/users/components/charter-text.tsx';
import { staticPage } from '#web/lib/page-load.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** Server rendering (issue 11 section 2): the text is in the page; only its head is said here. */
export const ssr = staticPage({
  title: pageTitles.helperVerification,
  description: seo.helperVerification,
  canonicalPath: paths.helperVerification.href(),
});

/**
 * "Comment nous vérifions les aidants": what each badge of a helper's profile means (each badge links
 * to its section here), what "vérifié" means, what is not checked, and the charter in full.
 */
export default function HelperVerificationPage() {
  useDocumentTitle(pageTitles.helperVerification);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold text-ink sm:text-5xl">{verificationPage.title}</h1>
      <p className="mt-6 text-lg text-slate-700">{verificationPage.intro}</p>
      <div className="mt-10 space-y-10">
        {verificationPage.checks.map((check, index) => (
          <DocumentSection
            key={check.anchor}
            id={check.anchor}
            headingId={`${check.anchor}-titre`}
            title={`${index + 1}. ${check.title}`}
            paragraphs={check.paragraphs}
          />
        ))}
        <DocumentSection
          headingId="verifie-titre"
          title={verificationPage.verifiedTitle}
          paragraphs={[verificationPage.verifiedText]}
        />
        <DocumentSection
          headingId="limites-titre"
          title={verificationPage.limitsTitle}
          paragraphs={[verificationPage.limitsText]}
        />
        <section id="charte-complete" aria-labelledby="charte-complete-titre" className="scroll-mt-24">
          <h2 id="charte-complete-titre" className="text-2xl font-semibold text-ink">
            {verificationPage.charterTitle}
          </h2>
          <div className="mt-4 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
            <CharterText headingLevel={3} idPrefix="charte-page" />
          </div>
        </section>
      </div>
    </article>
  );
}
