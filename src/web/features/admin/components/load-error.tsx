import { AlertTriangle } from 'lucide-react';
import { common } from '#shared/messages/common.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';

/** A part of the console that could not load, with a retry (spec 2 section 8 texts). */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <EmptyState
        headingLevel="h3"
        icon={<AlertTriangle size={22} />}
        title={text}
        action={
          <Button variant="outline" onClick={onRetry}>
            {common.retry}
          </Button>
        }
      />
    </div>
  );
}

/**
 * A refresh that failed while something is already shown: what is shown stays (the open message, the
 * reply being typed), with this line above it and a retry.
 */
export function RefreshError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <AlertTriangle size={20} aria-hidden="true" className="shrink-0 text-danger" />
        {text}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {common.retry}
      </Button>
    </div>
  );
}

/**
 * One RefreshError for a tab's queries: shown when a refresh of any of them failed while its data is
 * shown; the retry refreshes them all.
 */
export function QueriesRefreshError({
  text,
  queries,
}: {
  text: string;
  queries: readonly { isError: boolean; data: unknown; refetch: () => unknown }[];
}) {
  if (!queries.some((query) => query.isError && query.data !== undefined)) return null;
  return (
    <RefreshError
      text={text}
      onRetry={() => {
        for (const query of queries) void query.refetch();
      }}
    />
  );
}
