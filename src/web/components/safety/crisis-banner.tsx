import { HeartHandshake, LifeBuoy, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { crisisHelp, crisisNumbers } from '#shared/messages/crisis.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * The crisis numbers (issue 13 section 3): 15, 3114 and 112 as `tel:` links, one line each on what the
 * number is. Calm on purpose (UI.md: people arrive here in a hard moment): soft colours, no alarm, and
 * nothing else happens. `matched` adds the sentence saying why it shows, for the writer and the reader of
 * a message that speaks of suicide or danger. A named group, not a landmark: it may stand inside a dialog
 * or next to another one on the same page.
 *
 * It lives in src/web/components, not in a feature, because the messages tab, the live chat and the
 * support page all show it, and a feature does not import another one.
 */
export function CrisisBanner({
  matched = false,
  id,
  className,
}: {
  matched?: boolean;
  id?: string;
  className?: string;
}) {
  const titleId = useId();
  const lineId = useId();
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-sky-200 bg-sky-50 p-4 text-ink', className)}
    >
      <p id={titleId} className="flex items-center gap-2 font-semibold">
        <HeartHandshake size={20} className="shrink-0 text-sky-800" aria-hidden="true" />
        {crisisHelp.title}
      </p>
      {matched ? <p className="mt-1 text-slate-700">{crisisHelp.matched}</p> : null}
      <p className="mt-1 text-sm text-slate-700">{crisisHelp.intro}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {crisisNumbers.map((entry) => (
          <li key={entry.number} className="flex flex-col gap-1">
            <a
              href={`tel:${entry.number}`}
              aria-describedby={`${lineId}-${entry.number}`}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'border-sky-300' })}
            >
              <Phone size={16} aria-hidden="true" />
              {entry.call}
            </a>
            <p id={`${lineId}-${entry.number}`} className="text-sm text-slate-700">
              {entry.text}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The crisis banner always one click away (issue 13 section 3): a discreet "Besoin d'aide tout de
 * suite ?" button that opens it in place, and hides it again.
 */
export function CrisisHelpToggle({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const bannerId = useId();
  return (
    <div className={cn('space-y-3', className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? bannerId : undefined}
        onClick={() => setOpen((current) => !current)}
        className="focus-ring inline-flex min-h-9 items-center gap-2 rounded-xl px-2 py-1 text-sm font-medium text-sky-800 underline-offset-2 hover:underline"
      >
        <LifeBuoy size={20} aria-hidden="true" />
        {open ? crisisHelp.close : crisisHelp.open}
      </button>
      {open ? <CrisisBanner id={bannerId} /> : null}
    </div>
  );
}
