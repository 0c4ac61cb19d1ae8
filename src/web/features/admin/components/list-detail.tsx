import { ArrowLeft } from 'lucide-react';
import { useRef, type ReactNode, type Ref } from 'react';
import { adminConsole } from '#shared/messages/admin.ts';
import { common } from '#shared/messages/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFocusRowOnClose } from './focus-keeping.ts';
import { LoadError } from './load-error.tsx';

/**
 * The support and chats tabs' layout: the list beside the selected item on a wide screen; on a
 * narrow one the list, or the item alone once one is selected (its back button returns to the list).
 */
export function ListDetail({
  titleId,
  title,
  controls,
  list,
  selected,
  placeholder,
  detail,
}: {
  titleId: string;
  title: string;
  /** A filter or view switch above the list. */
  controls: ReactNode;
  list: ReactNode;
  selected: string | null;
  /** Shown where the item goes while none is selected. */
  placeholder: string;
  detail: (id: string) => ReactNode;
}) {
  const listRef = useRef<HTMLElement>(null);
  useFocusRowOnClose(listRef, selected);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section
        ref={listRef}
        aria-labelledby={titleId}
        className={cn('min-w-0 space-y-3', selected !== null && 'hidden lg:block')}
      >
        <h3 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h3>
        {controls}
        {list}
      </section>
      <div className={cn('min-w-0', selected === null && 'hidden lg:block')}>
        {selected === null ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center text-ink-muted">
            {placeholder}
          </p>
        ) : (
          detail(selected)
        )}
      </div>
    </div>
  );
}

/**
 * A list loaded by a query: skeleton rows while it loads, the error with a retry when nothing
 * loaded, `empty` when it has nothing, else its rows. A failed refresh keeps the rows shown.
 */
export function QueryList<T>({
  query,
  skeletonRows,
  errorText,
  empty,
  children,
}: {
  query: { isPending: boolean; data: T[] | undefined; refetch: () => unknown };
  skeletonRows: number;
  errorText: string;
  empty: ReactNode;
  /** The `<li>` rows. */
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{common.loading}</span>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  if (query.data === undefined) return <LoadError text={errorText} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return empty;
  return <ul className="space-y-1 rounded-2xl border border-line bg-white p-2 shadow-soft">{children(query.data)}</ul>;
}

/** One row of the list: the subject and its time, who it is from, and its badges. */
export function ListRow({
  itemId,
  selected,
  onSelect,
  highlight,
  title,
  time,
  person,
  badges,
}: {
  /** The item's id: closing its detail gives the focus back to this row. */
  itemId?: string;
  selected: boolean;
  onSelect: () => void;
  /** Border (and background) classes of a row that must stand out, else none. */
  highlight: string | false;
  title: string;
  /** ISO date-time and how it reads. */
  time: { dateTime: string; text: string };
  person: string;
  badges: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        data-item-id={itemId}
        className={cn(
          'focus-ring flex w-full flex-col gap-1 rounded-xl border-l-4 px-3 py-3 text-left transition-colors duration-150 hover:bg-slate-50',
          highlight || 'border-transparent',
          selected && 'bg-accent-soft hover:bg-accent-soft',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 flex-1 font-medium text-ink wrap-anywhere">{title}</span>
          <time className="shrink-0 text-sm text-ink-muted" dateTime={time.dateTime}>
            {time.text}
          </time>
        </span>
        <span className="text-sm text-ink-muted wrap-anywhere">{person}</span>
        <span className="flex flex-wrap gap-2">{badges}</span>
      </button>
    </li>
  );
}

/**
 * The selected item while it has no data: skeleton lines (`children`) while it loads, else the error
 * with a retry and the back button. A failed refresh keeps the item shown, and the reply being typed
 * (the tab says the refresh failed): show this only while the query has no data.
 */
export function DetailFallback({
  query,
  errorText,
  onBack,
  children,
}: {
  query: { isPending: boolean; refetch: () => unknown };
  errorText: string;
  onBack: () => void;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Card role="status" className="space-y-3">
        <span className="sr-only">{common.loading}</span>
        {children}
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <BackToList onBack={onBack} />
      <LoadError text={errorText} onRetry={() => void query.refetch()} />
    </div>
  );
}

/** Back to the list, on a narrow screen only (the list is beside the item on a wide one). */
export function BackToList({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
      <ArrowLeft size={18} aria-hidden="true" />
      {adminConsole.backToList}
    </Button>
  );
}

/** The selected item's heading: focusable, so the tab can move the focus to it once loaded or changed. */
export function DetailTitle({ id, ref, children }: { id: string; ref: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h3 id={id} ref={ref} tabIndex={-1} className="focus-ring rounded text-xl font-semibold text-ink wrap-anywhere">
      {children}
    </h3>
  );
}
