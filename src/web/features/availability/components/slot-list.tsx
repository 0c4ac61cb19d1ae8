import { Trash2 } from 'lucide-react';
import { availability } from '#shared/messages/availability.ts';
import { frenchLongParisDate, parisClock } from '#shared/rules/paris-time.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn } from '#web/lib/cn.ts';

export type SlotItem = {
  id: string;
  /** Paris date (`yyyy-MM-dd`), the grouping key. */
  date: string;
  startAt: string;
  endAt: string;
  available: boolean;
  past: boolean;
  /** Optional second line (the offer the slot belongs to, notes). */
  detail?: string | null;
};

/**
 * Slots grouped by Paris date under French long dates ("mardi 3 décembre 2026"), each with delete and,
 * when `onToggle` is given, an availability switch.
 */
export function SlotList({
  items,
  onDelete,
  onToggle,
  busyId,
}: {
  items: readonly SlotItem[];
  onDelete: (item: SlotItem) => void;
  onToggle?: (item: SlotItem) => void;
  busyId?: string | null;
}) {
  const groups = new Map<string, SlotItem[]>();
  for (const item of [...items].sort((a, b) => a.startAt.localeCompare(b.startAt))) {
    const list = groups.get(item.date);
    if (list) list.push(item);
    else groups.set(item.date, [item]);
  }
  return (
    <div className="space-y-6">
      {[...groups.entries()].map(([date, group]) => {
        const dateLabel = frenchLongParisDate(`${date}T12:00:00Z`);
        const headingId = `slots-${date}`;
        return (
          <section key={date} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-base font-semibold text-ink first-letter:uppercase">
              {dateLabel}
            </h3>
            <ul className="mt-2 divide-y divide-line rounded-xl border border-line bg-white">
              {group.map((item) => {
                const range = availability.slotRange(parisClock(item.startAt), parisClock(item.endAt));
                return (
                  <li
                    key={item.id}
                    className={cn('flex flex-wrap items-center gap-3 px-4 py-3', item.past && 'bg-slate-50')}
                  >
                    {/* min-w-32 keeps the time range whole: at 360 px the controls wrap under it instead of covering it. */}
                    <div className="min-w-32 flex-1">
                      <p className="font-medium whitespace-nowrap text-ink tabular-nums">{range}</p>
                      {item.detail ? <p className="truncate text-sm text-ink-muted">{item.detail}</p> : null}
                    </div>
                    <div className="ml-auto flex items-center gap-3">
                      {item.past ? <Badge>{availability.past}</Badge> : null}
                      {onToggle ? (
                        <label className="flex items-center gap-2 text-sm text-ink">
                          <Switch
                            checked={item.available}
                            disabled={busyId === item.id}
                            onCheckedChange={() => onToggle(item)}
                            aria-label={availability.toggleLabel(dateLabel, range)}
                          />
                          <span aria-hidden="true">
                            {item.available ? availability.available : availability.unavailable}
                          </span>
                        </label>
                      ) : (
                        <Badge variant={item.available ? 'success' : 'neutral'}>
                          {item.available ? availability.available : availability.unavailable}
                        </Badge>
                      )}
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={availability.deleteSlotLabel(dateLabel, range)}
                        disabled={busyId === item.id}
                        onClick={() => onDelete(item)}
                      >
                        <Trash2 size={20} aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
