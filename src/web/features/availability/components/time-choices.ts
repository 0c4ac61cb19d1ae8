import { TIME_CHOICE_STEP_MINUTES } from '#shared/constants.ts';

/** "00:00", "00:30" … "23:30": the time choices of the slot forms (spec 1 section 9). */
export const TIME_CHOICES: readonly string[] = Array.from(
  { length: (24 * 60) / TIME_CHOICE_STEP_MINUTES },
  (_, index) => {
    const minutes = index * TIME_CHOICE_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  },
);
