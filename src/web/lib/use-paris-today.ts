import { useEffect, useState } from 'react';
import { addDaysToWallDate, parisDayStart, parisToday } from '#shared/rules/paris-time.ts';

/**
 * The longest wait between two readings of the date. A timer's delay stops while the computer
 * sleeps, so one timer set for midnight could fire hours after waking; a reading a minute costs
 * nothing, and one more is made whenever the page is shown again.
 */
const RECHECK_MS = 60_000;

/**
 * Today's date in Paris, kept true while the page stays open: the component renders again at the
 * next Paris midnight. A booking page left open overnight would otherwise go on offering yesterday
 * as today (its free windows refetch every 15 s, but an unchanged answer renders nothing).
 */
export function useParisToday(): string {
  const [today, setToday] = useState(() => parisToday(new Date()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const now = new Date();
      const current = parisToday(now);
      // The same date renders nothing (React bails out of an unchanged state).
      setToday(current);
      // A timer that fires a little early reads the same day and waits again, to midnight.
      const untilMidnight = parisDayStart(addDaysToWallDate(current, 1)).getTime() - now.getTime();
      timer = setTimeout(check, Math.min(untilMidnight, RECHECK_MS));
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return today;
}
