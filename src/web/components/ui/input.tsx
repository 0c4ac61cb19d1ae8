import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '#web/lib/cn.ts';

export const fieldClasses =
  'focus-ring block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-slate-500 transition-colors duration-150 hover:border-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-danger';

export function Input({
  className,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(fieldClasses, 'min-h-11', className)} {...rest} />;
}
