import { useEffect, useState } from 'react';
import { addDaysToWallDate, parisDayStart, parisToday } from '#shared/rules/paris-time.ts';

/**
 * Today's date in Paris, kept true while the page stays open: the component renders again at the
 * next Paris midnight. A booking page left open overnight would otherwise go on offering yesterday
 * as today (its free windows refetch every 15 s, but an unchanged answer renders nothing).
 */
export function useParisToday(): string {
  const [today, setToday] = useState(() => parisToday(new Date()));
  useEffect(() => {
    const now = new Date();
    const current = parisToday(now);
    if (current !== today) {
      setToday(current);
      return;
    }
    // A timer of a sleeping tab fires late, on waking: the date is read again then, never guessed.
    const untilMidnight = parisDayStart(addDaysToWallDate(current, 1)).getTime() - now.getTime();
    const timer = setTimeout(() => setToday(parisToday(new Date())), untilMidnight);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
