import type { HTMLAttributes } from 'react';
import { common } from '#shared/messages/common.ts';
import { cn } from '#web/lib/cn.ts';

/** Loading placeholder shaped like the content (UI.md: skeletons, never spinners on blank pages). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-slate-200', className)} {...rest} />;
}

/** A generic page-shaped skeleton for lazy routes and guarded pages while the user loads. */
export function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6" role="status" aria-live="polite">
      <span className="sr-only">{common.loading}</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="mt-3 h-5 w-96 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
