import { HELPER_CHARTER_VERSION } from '#shared/constants.ts';
import { helperCharter } from '#shared/messages/charter.ts';
import { DocumentSection } from '#web/components/layout/legal-document.tsx';

/**
 * The helper charter's full text, current version: in the "Devenir aidant" step and on the page
 * explaining the checks. `headingLevel` fits the heading order of where it is shown.
 */
export function CharterText({ headingLevel = 3, idPrefix }: { headingLevel?: 2 | 3; idPrefix: string }) {
  return (
    <div className="space-y-6 text-slate-700">
      <p className="text-sm text-ink-muted">{helperCharter.versionLabel(HELPER_CHARTER_VERSION)}</p>
      <p>{helperCharter.intro}</p>
      {helperCharter.sections.map((section, index) => (
        <DocumentSection
          key={section.title}
          headingId={`${idPrefix}-${index}`}
          level={headingLevel}
          title={`${index + 1}. ${section.title}`}
          paragraphs={section.paragraphs}
        />
      ))}
    </div>
  );
}
