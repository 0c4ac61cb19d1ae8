import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { common } from '#shared/messages/common.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';

export type StatItem = {
  label: string;
  value: number;
  /** A second line (e.g. "12 aidants · 30 aidés"). */
  detail?: string;
  /** Draws the eye to a figure that asks for action (urgent messages, waiting chats). */
  tone?: 'default' | 'alert';
  icon?: ReactNode;
  /** Where the figure is dealt with: the whole card opens it (the pending reports open the queue). */
  link?: { to: string; label: string };
};

const figure = (value: number) => value.toLocaleString('fr-FR');

const grids = {
  3: 'grid-cols-1 sm:grid-cols-3',
  4: 'grid-cols-2 lg:grid-cols-4',
  5: 'grid-cols-2 lg:grid-cols-5',
} as const;

/**
 * A row of figure cards (a definition list: each label names its figure for screen readers).
 * `count` skeleton cards stand in while the figures load.
 */
export function StatCards({
  title,
  items,
  loading = false,
  count = items?.length ?? 4,
  columns = 4,
  className,
}: {
  title: string;
  items: readonly StatItem[] | undefined;
  loading?: boolean;
  count?: number;
  /** Cards per row on a wide screen (two per row on a phone, or one for three). */
  columns?: keyof typeof grids;
  className?: string;
}) {
  return (
    <section aria-label={title} className={className}>
      {loading || !items ? (
        <div role="status" className={cn('grid gap-3', grids[columns])}>
          <span className="sr-only">{common.loading}</span>
          {Array.from({ length: count }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      ) : (
        <dl className={cn('grid gap-3', grids[columns])}>
          {items.map((item) => (
            <div
              key={item.label}
              className={cn(
                'flex min-w-0 flex-col rounded-2xl border bg-white p-4 shadow-soft',
                item.link && 'relative hover:border-slate-300',
                item.tone === 'alert' && item.value > 0 ? 'border-rose-300 bg-rose-50' : 'border-line',
              )}
            >
              <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
                {item.icon}
                <span className="min-w-0 wrap-anywhere">{item.label}</span>
              </dt>
              <dd className="order-first mt-0 text-2xl font-semibold text-ink sm:text-3xl">{figure(item.value)}</dd>
              {item.detail ? <dd className="mt-1 text-sm text-ink-muted">{item.detail}</dd> : null}
              {item.link ? (
                <dd className="mt-1 text-sm">
                  {/* The link's box covers the card, so a tap anywhere on it opens the list. */}
                  <Link
                    to={item.link.to}
                    className="focus-ring rounded font-medium text-accent-text underline after:absolute after:inset-0 after:rounded-2xl after:content-['']"
                  >
                    {item.link.label}
                  </Link>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
