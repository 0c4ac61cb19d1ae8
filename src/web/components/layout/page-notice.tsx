import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A note that sits in the flow at the top of the page, never over it (a fixed card covered buttons
 * and fields): an icon, a title that names the region for screen readers, a text and its actions.
 * `tone` "warning" is for something that waits on the person (an unconfirmed address).
 */
export function PageNotice({
  icon,
  title,
  text,
  tone = 'neutral',
  className,
  children,
  aside,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  tone?: 'neutral' | 'warning';
  className?: string;
  /** The actions, under the text. */
  children: ReactNode;
  /** Beside the content, at the end (a close button). */
  aside?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'mx-auto mt-4 w-[calc(100%-2rem)] max-w-6xl rounded-2xl border border-line p-4 sm:w-[calc(100%-3rem)]',
        tone === 'warning' ? 'bg-warning-soft' : 'bg-white shadow-soft',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl',
            tone === 'warning' ? 'bg-white text-warning' : 'bg-accent-soft text-accent-text',
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-ink">
            {title}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-700">{text}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">{children}</div>
        </div>
        {aside}
      </div>
    </section>
  );
}
