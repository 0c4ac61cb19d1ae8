import { bookingPage } from '#shared/messages/bookings.ts';
import { type Interval, timeBarCells } from '#shared/rules/free-windows.ts';
import { parisClock } from '#shared/rules/paris-time.ts';
import { cn } from '#web/lib/cn.ts';

const HOUR_MS = 3_600_000;

/**
 * The chosen session inside the day's free windows, in 5-minute cells (spec 1 section 9). The bar
 * is decoration for sighted users (aria-hidden); the sentence below it says the same in words.
 */
export function TimeBar({ windows, session }: { windows: readonly Interval[]; session: Interval | null }) {
  const first = windows[0];
  const last = windows[windows.length - 1];
  if (!first || !last) return null;
  // Whole hours around the free time, so the bar reads like a clock.
  const from = new Date(Math.floor(first.start.getTime() / HOUR_MS) * HOUR_MS);
  const to = new Date(Math.ceil(last.end.getTime() / HOUR_MS) * HOUR_MS);
  const cells = timeBarCells(windows, from, to);
  const inSession = (start: Date) =>
    session !== null && start.getTime() >= session.start.getTime() && start.getTime() < session.end.getTime();
  const windowsText = windows
    .map((window) => bookingPage.timeRange(parisClock(window.start), parisClock(window.end)))
    .join(', ');

  return (
    <div>
      <h3 className="text-base font-semibold text-ink">{bookingPage.timeBarTitle}</h3>
      <div aria-hidden="true" className="mt-3">
        <div className="flex h-8 w-full overflow-hidden rounded-lg border border-line">
          {cells.map((cell) => (
            <span
              key={cell.start.toISOString()}
              className={cn(
                'h-full flex-1',
                inSession(cell.start) ? 'bg-accent' : cell.free ? 'bg-accent-muted' : 'bg-slate-200',
              )}
            />
          ))}
        </div>
        <div className="mt-1 flex justify-between text-sm text-ink-muted tabular-nums">
          <span>{parisClock(from)}</span>
          <span>{parisClock(to)}</span>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-accent-muted" />
            {bookingPage.legendFree}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-slate-200" />
            {bookingPage.legendBusy}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm bg-accent" />
            {bookingPage.legendChosen}
          </li>
        </ul>
      </div>
      <p className="sr-only">
        {session
          ? bookingPage.timeBarText(parisClock(session.start), parisClock(session.end), windowsText)
          : bookingPage.timeBarTextNoSession(windowsText)}
      </p>
    </div>
  );
}
