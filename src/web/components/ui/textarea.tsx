import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';
import { fieldClasses } from './input.tsx';

export function Textarea({
  className,
  ref,
  rows = 4,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} rows={rows} className={cn(fieldClasses, 'resize-y', className)} {...rest} />;
}
