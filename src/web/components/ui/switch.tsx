import * as SwitchPrimitive from '@radix-ui/react-switch';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Switch({ className, ...rest }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'focus-ring relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-500 transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-accent',
        className,
      )}
      {...rest}
    >
      <SwitchPrimitive.Thumb className="block h-5 w-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
    </SwitchPrimitive.Root>
  );
}
