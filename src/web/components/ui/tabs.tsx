import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export const Tabs = TabsPrimitive.Root;

/** Scrolls sideways on narrow screens rather than wrapping (UI.md). */
export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex gap-1 overflow-x-auto rounded-2xl border border-line bg-white p-1 [scrollbar-width:thin]',
        className,
      )}
      {...rest}
    />
  );
}

export const tabTriggerClasses =
  'focus-ring inline-flex min-h-10 shrink-0 items-center gap-2 rounded-xl px-4 py-2 text-sm font-medium whitespace-nowrap text-ink-muted transition-colors duration-150 hover:bg-slate-100 hover:text-ink data-[state=active]:bg-accent-soft data-[state=active]:text-accent-text';

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(tabTriggerClasses, className)} {...rest} />;
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  // Radix makes the panel a tab stop (the step from the tab list into its content): it needs the ring too.
  return <TabsPrimitive.Content className={cn('focus-ring mt-6 rounded-2xl', className)} {...rest} />;
}
