import type { SelectHTMLAttributes } from 'react';
import { availability } from '#shared/messages/availability.ts';
import { fieldClasses } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { TIME_CHOICES } from './time-choices.ts';

/**
 * A native select of the 48 half-hour choices: on phones it opens the system picker, and it needs no
 * pointer (a Radix listbox of 48 items is slower to reach by keyboard and on touch).
 */
export function TimeSelect({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn(fieldClasses, 'min-h-11 tabular-nums', className)} {...rest}>
      <option value="">{availability.timePlaceholder}</option>
      {TIME_CHOICES.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}
