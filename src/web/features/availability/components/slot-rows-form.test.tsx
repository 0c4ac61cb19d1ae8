import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availability, slots as slotMessages } from '#shared/messages/availability.ts';
import { addDaysToWallDate, frenchDate, parisToday } from '#shared/rules/paris-time.ts';
import { SlotRowsForm } from './slot-rows-form.tsx';

const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in component tests')));

function setup() {
  vi.stubGlobal('fetch', fetchSpy);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SlotRowsForm offerId="7f0c6c8e-2d1f-4f44-9d0b-7d1b2a3c4d5e" errorFallback={slotMessages.createError} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
});

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: availability.submit }));
const fill = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value } });

describe('SlotRowsForm validation', () => {
  it('needs at least one complete row', async () => {
    const user = setup();
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent(slotMessages.nothingToAdd);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a partly filled row', async () => {
    const user = setup();
    fill(availability.dateLabel, addDaysToWallDate(parisToday(new Date()), 2));
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent(slotMessages.fillAllFields);
    expect(screen.getByRole('group', { name: availability.rowLegend(1) })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a date in the past, naming it', async () => {
    const user = setup();
    const past = addDaysToWallDate(parisToday(new Date()), -3);
    fill(availability.dateLabel, past);
    await user.selectOptions(screen.getByLabelText(availability.startLabel), '10:00');
    await user.selectOptions(screen.getByLabelText(availability.endLabel), '11:00');
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent(slotMessages.inPast(frenchDate(past)));
  });

  it('refuses an end before the start, naming the date', async () => {
    const user = setup();
    const date = addDaysToWallDate(parisToday(new Date()), 5);
    fill(availability.dateLabel, date);
    await user.selectOptions(screen.getByLabelText(availability.startLabel), '14:00');
    await user.selectOptions(screen.getByLabelText(availability.endLabel), '13:30');
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent(slotMessages.endBeforeStart(frenchDate(date)));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('points at the faulty row among several and clears the message on the next edit', async () => {
    const user = setup();
    const date = addDaysToWallDate(parisToday(new Date()), 5);
    await user.click(screen.getByRole('button', { name: availability.addRow }));
    fill(availability.dateLabel, date, 0);
    await user.selectOptions(screen.getAllByLabelText(availability.startLabel)[0]!, '09:00');
    await user.selectOptions(screen.getAllByLabelText(availability.endLabel)[0]!, '10:00');
    fill(availability.dateLabel, date, 1);
    await submit(user);
    expect(screen.getByRole('group', { name: availability.rowLegend(2) })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: availability.rowLegend(1) })).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(screen.getAllByLabelText(availability.startLabel)[1]!, '11:00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the 48 half-hour time choices', () => {
    setup();
    const options = Array.from(screen.getByLabelText<HTMLSelectElement>(availability.startLabel).options).map(
      (o) => o.value,
    );
    expect(options.filter(Boolean)).toHaveLength(48);
    expect(options[1]).toBe('00:00');
    expect(options.at(-1)).toBe('23:30');
  });
});
