import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

export type BadgeVariant = 'neutral' | 'accent' | 'helper' | 'seeker' | 'success' | 'warning' | 'danger';

const variants: Record<BadgeVariant, string> = {
  neutral: 'bg-slate-100 text-slate-700',
  accent: 'bg-accent-soft text-accent-text',
  helper: 'bg-helper-soft text-helper-text',
  seeker: 'bg-seeker-soft text-seeker-text',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
};

export function Badge({
  variant = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium',
        variants[variant],
        className,
      )}
      {...rest}
    />
  );
}
