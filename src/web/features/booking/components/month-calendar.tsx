import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { bookingPage } from '#shared/messages/bookings.ts';
import { weekdayNames, weekdayShortNames } from '#shared/messages/calendar.ts';
import { addDaysToWallDate, frenchLongWallDate, frenchMonth, wallWeekday } from '#shared/rules/paris-time.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

/** `yyyy-MM` of a `yyyy-MM-dd` date. */
export const monthOf = (date: string) => date.slice(0, 7);

function shiftMonth(month: string, delta: number): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, monthIndex - 1 + delta, 1));
  return shifted.toISOString().slice(0, 7);
}

/** Monday-first weeks of a month; null pads the days of the neighbouring months. */
function monthGrid(month: string): (string | null)[][] {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const daysInMonth = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  const offset = wallWeekday(first);
  const cells: (string | null)[] = Array.from({ length: offset }, () => null);
  for (let day = 0; day < daysInMonth; day++) cells.push(addDaysToWallDate(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/**
 * A Monday-first month calendar (spec 1 section 9) in French. Days with free time are highlighted;
 * the keyboard moves like a date picker: arrows by day and week, Home/End within the week,
 * Page Up/Down by month, Enter or Space to choose. Days without free time stay focusable but inert.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  availableDates,
  selected,
  onSelect,
  today,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  availableDates: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
  today: string;
}) {
  const [focused, setFocused] = useState<string>(() => selected ?? today);
  const focusRequested = useRef(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // The roving tab stop stays inside the month on screen.
  const tabStop =
    monthOf(focused) === month ? focused : selected && monthOf(selected) === month ? selected : `${month}-01`;

  useEffect(() => {
    if (!focusRequested.current) return;
    focusRequested.current = false;
    buttons.current.get(focused)?.focus();
  }, [focused, month]);

  const moveTo = (date: string) => {
    focusRequested.current = true;
    setFocused(date);
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const weekday = wallWeekday(date);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDaysToWallDate(date, -1),
      ArrowRight: () => addDaysToWallDate(date, 1),
      ArrowUp: () => addDaysToWallDate(date, -7),
      ArrowDown: () => addDaysToWallDate(date, 7),
      Home: () => addDaysToWallDate(date, -weekday),
      End: () => addDaysToWallDate(date, 6 - weekday),
      PageUp: () => `${shiftMonth(monthOf(date), -1)}-01`,
      PageDown: () => `${shiftMonth(monthOf(date), 1)}-01`,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const monthLabel = frenchMonth(month);
  const captionId = `calendar-caption-${month}`;
  const canGoBack = month > monthOf(today);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={bookingPage.previousMonth}
          disabled={!canGoBack}
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </Button>
        <p id={captionId} className="text-lg font-semibold text-ink first-letter:uppercase" aria-live="polite">
          {monthLabel}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={bookingPage.nextMonth}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight size={20} aria-hidden="true" />
        </Button>
      </div>
      <table className="mt-3 w-full table-fixed border-collapse" aria-labelledby={captionId}>
        <thead>
          <tr>
            {weekdayNames.map((name, index) => (
              <th key={name} scope="col" className="pb-2 text-center text-sm font-medium text-ink-muted">
                <abbr title={name} className="no-underline">
                  {weekdayShortNames[index]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((date, dayIndex) => {
                if (!date) return <td key={`pad-${dayIndex}`} />;
                const available = availableDates.has(date) && date >= today;
                const isSelected = date === selected;
                const longDate = frenchLongWallDate(date);
                return (
                  <td key={date} className="p-0.5 text-center">
                    <button
                      type="button"
                      ref={(node) => {
                        if (node) buttons.current.set(date, node);
                        else buttons.current.delete(date);
                      }}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-label={bookingPage.dayLabel(longDate, available)}
                      aria-pressed={isSelected}
                      aria-disabled={!available || undefined}
                      aria-current={date === today ? 'date' : undefined}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      onFocus={() => setFocused(date)}
                      onClick={() => {
                        if (available) onSelect(date);
                      }}
                      className={cn(
                        'focus-ring mx-auto flex h-11 w-full max-w-11 items-center justify-center rounded-xl text-base tabular-nums transition-colors duration-150',
                        isSelected
                          ? 'bg-accent font-semibold text-white'
                          : available
                            ? 'bg-accent-soft font-semibold text-accent-text hover:bg-accent-muted'
                            : 'cursor-default text-slate-500',
                        date === today && !isSelected && 'ring-1 ring-slate-400',
                      )}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
