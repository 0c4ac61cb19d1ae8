import { useId } from 'react';
import { bookingPage } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import type { Interval } from '#shared/rules/free-windows.ts';
import { parisClock } from '#shared/rules/paris-time.ts';
import { cn } from '#web/lib/cn.ts';
import { dayStartTimes } from './booking-times.ts';

/**
 * The start times of the chosen day for the chosen duration: every 15 minutes inside the free windows
 * (spec 1 sections 2 and 9), shown in Paris time. Native radios: arrow keys move the choice.
 */
export function StartTimeList({
  windows,
  date,
  durationMinutes,
  value,
  onChange,
  title,
}: {
  windows: readonly Interval[];
  date: string;
  durationMinutes: number;
  /** ISO instant of the chosen start, or null. */
  value: string | null;
  onChange: (startIso: string) => void;
  title: string;
}) {
  const name = useId();
  const starts = dayStartTimes(windows, date, durationMinutes);
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-ink">
        {title} <span className="text-sm font-normal text-ink-muted">({common.parisTimeLabel})</span>
      </legend>
      {starts.length === 0 ? (
        <p className="mt-3 text-ink-muted">{bookingPage.noTimesThatDay}</p>
      ) : (
        <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
          {starts.map((start) => {
            const iso = start.toISOString();
            const checked = value === iso;
            return (
              <label
                key={iso}
                className={cn(
                  'relative flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-2 py-2 text-base font-medium tabular-nums transition-colors duration-150 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                  checked
                    ? 'border-accent bg-accent text-white'
                    : 'border-slate-300 bg-white text-ink hover:border-accent hover:bg-accent-soft',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={iso}
                  checked={checked}
                  onChange={() => onChange(iso)}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-xl opacity-0"
                />
                {parisClock(start)}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
