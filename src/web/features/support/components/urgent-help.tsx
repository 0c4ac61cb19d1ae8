import { Phone, ShieldAlert } from 'lucide-react';
import { supportPage } from '#shared/messages/support.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';

/**
 * The urgent numbers as `tel:` links, one line each on what the number is (spec 2 section 2; UI.md
 * "Safety cues": one tap away, near the top of the page, not buried under the forms).
 */
export function UrgentHelp() {
  return (
    <section
      aria-labelledby="urgent-help-title"
      className="rounded-2xl border border-danger/30 bg-danger-soft p-5 sm:p-6"
    >
      <h2 id="urgent-help-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <ShieldAlert size={20} className="text-danger" aria-hidden="true" />
        {supportPage.urgentTitle}
      </h2>
      <p className="mt-2 text-slate-700">{supportPage.urgentIntro}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {supportPage.urgentNumbers.map((entry) => (
          <li key={entry.number} className="flex flex-col gap-2 rounded-xl bg-white p-4">
            <a
              href={`tel:${entry.number}`}
              aria-describedby={`urgent-${entry.number}`}
              className={buttonClasses({ variant: 'danger', size: 'lg', fullWidth: true })}
            >
              <Phone size={20} aria-hidden="true" />
              {entry.call}
            </a>
            <p id={`urgent-${entry.number}`} className="text-sm text-slate-700">
              {entry.text}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
