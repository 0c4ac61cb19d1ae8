import type { LabelHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-medium text-ink', className)} {...rest} />;
}
