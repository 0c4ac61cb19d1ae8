import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDaysToWallDate, parisToUtc, parisToday } from '#shared/rules/paris-time.ts';
import { bookingPage } from '#shared/messages/bookings.ts';
import { StartTimeList } from './start-time-list.tsx';

// A day well in the future, so "now" never cuts the window.
const date = addDaysToWallDate(parisToday(new Date()), 30);
const window = { start: parisToUtc(date, '09:00'), end: parisToUtc(date, '10:30') };

function times() {
  return within(screen.getByRole('group'))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);
}

describe('StartTimeList', () => {
  it('offers every 15 minutes at which the whole session fits in the window, in Paris time', () => {
    render(
      <StartTimeList
        windows={[window]}
        date={date}
        durationMinutes={60}
        value={null}
        onChange={vi.fn()}
        title="Horaires"
      />,
    );
    expect(times()).toEqual(['09:00', '09:15', '09:30']);
    expect(screen.getByRole('group', { name: /heure de Paris/ })).toBeInTheDocument();
  });

  it('offers more start times for a shorter session', () => {
    render(
      <StartTimeList
        windows={[window]}
        date={date}
        durationMinutes={30}
        value={null}
        onChange={vi.fn()}
        title="Horaires"
      />,
    );
    expect(times()).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
  });

  it('says so when the session is longer than the free time', () => {
    render(
      <StartTimeList
        windows={[window]}
        date={date}
        durationMinutes={120}
        value={null}
        onChange={vi.fn()}
        title="Horaires"
      />,
    );
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByText(bookingPage.noTimesThatDay)).toBeInTheDocument();
  });

  it('only lists the chosen day', () => {
    const nextDay = addDaysToWallDate(date, 1);
    const other = { start: parisToUtc(nextDay, '14:00'), end: parisToUtc(nextDay, '15:00') };
    render(
      <StartTimeList
        windows={[window, other]}
        date={nextDay}
        durationMinutes={60}
        value={null}
        onChange={vi.fn()}
        title="Horaires"
      />,
    );
    expect(times()).toEqual(['14:00']);
  });

  it('reports the chosen start as a UTC instant and marks it checked', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <StartTimeList
        windows={[window]}
        date={date}
        durationMinutes={60}
        value={null}
        onChange={onChange}
        title="Horaires"
      />,
    );
    await userEvent.setup().click(screen.getByRole('radio', { name: '09:15' }));
    const chosen = parisToUtc(date, '09:15').toISOString();
    expect(onChange).toHaveBeenCalledWith(chosen);
    rerender(
      <StartTimeList
        windows={[window]}
        date={date}
        durationMinutes={60}
        value={chosen}
        onChange={onChange}
        title="Horaires"
      />,
    );
    expect(screen.getByRole('radio', { name: '09:15' })).toBeChecked();
  });
});
