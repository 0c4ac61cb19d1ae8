import { useId } from 'react';
import { bookingPage } from '#shared/messages/bookings.ts';
import { common } from '#shared/messages/common.ts';
import { formatMoney } from '#shared/rules/format.ts';
import type { PricingOption } from '#shared/schemas/offers.ts';
import { cn } from '#web/lib/cn.ts';

/** The offer's pricing options as radio cards: duration and price (spec 1 section 2). */
export function DurationChoice({
  options,
  currency,
  value,
  onChange,
}: {
  options: readonly PricingOption[];
  currency: string;
  value: string | null;
  onChange: (optionId: string) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-ink">{bookingPage.durationLegend}</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const checked = value === option.id;
          return (
            <label
              key={option.id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center justify-between gap-3 rounded-xl border px-4 py-3 transition-colors duration-150 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                checked
                  ? 'border-accent bg-accent-soft ring-1 ring-accent'
                  : 'border-slate-300 bg-white hover:border-accent',
              )}
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={checked}
                  onChange={() => onChange(option.id)}
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                <span className="font-medium text-ink">{common.minutes(option.duration_minutes)}</span>
              </span>
              <span className="font-semibold text-ink">{formatMoney(option.price_cents, currency)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
