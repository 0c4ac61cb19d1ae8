import { describe, expect, it } from 'vitest';
import {
  firstOverlap,
  periodsOverlap,
  validateSingleSlot,
  validateSlotRow,
  validateSlotRows,
} from './slot-validation.ts';

// 10:00 in Paris on 2030-06-15 (summer time).
const now = new Date('2030-06-15T08:00:00Z');

describe('validateSlotRow', () => {
  it('accepts a future row and gives its UTC instants', () => {
    const result = validateSlotRow({ date: '2030-06-16', start_time: '09:00', end_time: '10:30' }, now);
    expect(result.ok && [result.row.startAt.toISOString(), result.row.endAt.toISOString()]).toEqual([
      '2030-06-16T07:00:00.000Z',
      '2030-06-16T08:30:00.000Z',
    ]);
  });

  it('needs date, start and end', () => {
    expect(validateSlotRow({ date: '2030-06-16', start_time: '09:00', end_time: '' }, now)).toEqual({
      ok: false,
      issue: { kind: 'fillAllFields', message: 'Veuillez remplir tous les champs' },
    });
  });

  it('refuses a past date, naming it dd/MM/yyyy', () => {
    const result = validateSlotRow({ date: '2030-06-14', start_time: '09:00', end_time: '10:00' }, now);
    expect(!result.ok && result.issue.message).toBe('Impossible de créer un créneau dans le passé pour le 14/06/2030');
  });

  it('refuses an end not after the start, naming the date', () => {
    const result = validateSlotRow({ date: '2030-06-16', start_time: '10:00', end_time: '10:00' }, now);
    expect(!result.ok && result.issue.message).toBe(
      "L'heure de fin doit être après l'heure de début pour le créneau 16/06/2030",
    );
  });

  it('refuses a time already elapsed today in Paris, and accepts a later one', () => {
    const elapsed = validateSlotRow({ date: '2030-06-15', start_time: '09:30', end_time: '11:00' }, now);
    expect(!elapsed.ok && elapsed.issue.message).toBe("L'horaire 09:30 n'est plus disponible aujourd'hui");
    expect(validateSlotRow({ date: '2030-06-15', start_time: '10:15', end_time: '11:00' }, now).ok).toBe(true);
  });

  it('uses the Paris date, not the UTC one, to tell today from yesterday', () => {
    // 23:30 UTC on the 14th is already 01:30 on the 15th in Paris.
    const lateNight = new Date('2030-06-14T23:30:00Z');
    const result = validateSlotRow({ date: '2030-06-14', start_time: '23:45', end_time: '23:59' }, lateNight);
    expect(!result.ok && result.issue.kind).toBe('inPast');
  });

  it('refuses the skipped spring hour as an empty slot (02:00-03:00 on 2030-03-31)', () => {
    const result = validateSlotRow(
      { date: '2030-03-31', start_time: '02:00', end_time: '03:00' },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(!result.ok && result.issue.kind).toBe('endBeforeStart');
  });
});

describe('validateSlotRows', () => {
  it('ignores untouched rows and needs at least one complete row', () => {
    expect(validateSlotRows([{ date: '', start_time: '', end_time: '' }], now)).toEqual({
      ok: false,
      issue: { kind: 'nothingToAdd', message: 'Aucun nouveau créneau à ajouter' },
    });
    const result = validateSlotRows(
      [
        { date: '', start_time: '', end_time: '' },
        { date: '2030-06-20', start_time: '14:00', end_time: '15:00' },
      ],
      now,
    );
    expect(result.ok && result.rows.length).toBe(1);
  });

  it('reports the first failing row with its index', () => {
    const result = validateSlotRows(
      [
        { date: '2030-06-20', start_time: '14:00', end_time: '15:00' },
        { date: '2030-06-21', start_time: '16:00', end_time: '15:00' },
      ],
      now,
    );
    expect(!result.ok && result.issue).toMatchObject({ kind: 'endBeforeStart', index: 1 });
  });
});

describe('validateSingleSlot', () => {
  it('needs every field', () => {
    expect(validateSingleSlot({ date: '2030-06-20', time: '', durationMinutes: 60 }, now)).toMatchObject({
      ok: false,
      issue: { message: 'Veuillez remplir tous les champs' },
    });
  });

  it('computes the end from the duration, across the autumn change (2030-10-27)', () => {
    const result = validateSingleSlot({ date: '2030-10-27', time: '01:00', durationMinutes: 180 }, now);
    expect(result.ok && [result.startAt.toISOString(), result.endAt.toISOString()]).toEqual([
      '2030-10-26T23:00:00.000Z',
      '2030-10-27T02:00:00.000Z',
    ]);
  });
});

describe('periodsOverlap and firstOverlap', () => {
  const at = (hhmm: string) => new Date(`2030-06-16T${hhmm}:00Z`);
  const period = (start: string, end: string) => ({ startAt: at(start), endAt: at(end) });

  it('treats slots as half-open: touching is not overlapping', () => {
    expect(periodsOverlap(period('09:00', '10:00'), period('10:00', '11:00'))).toBe(false);
    expect(periodsOverlap(period('09:00', '10:00'), period('09:59', '11:00'))).toBe(true);
    expect(periodsOverlap(period('09:00', '12:00'), period('10:00', '11:00'))).toBe(true);
    expect(periodsOverlap(period('09:00', '10:00'), period('09:00', '10:00'))).toBe(true);
  });

  it('finds no overlap among neighbours in any order', () => {
    expect(firstOverlap([period('10:00', '11:00'), period('08:00', '09:00'), period('09:00', '10:00')])).toBeNull();
    expect(firstOverlap([])).toBeNull();
  });

  it('names the overlapping pair in request order, even far apart in the list', () => {
    expect(
      firstOverlap([
        period('14:00', '15:00'),
        period('08:00', '12:00'),
        period('13:00', '14:00'),
        period('11:00', '11:30'),
      ]),
    ).toEqual([1, 3]);
    expect(firstOverlap([period('09:00', '10:00'), period('09:00', '10:00')])).toEqual([0, 1]);
  });

  it('sees a period nested in a long earlier one after a short one in between', () => {
    // 08:00-18:00 holds 09:00-10:00 and 12:00-13:00: the second must be caught against the first, not its neighbour.
    expect(firstOverlap([period('08:00', '18:00'), period('09:00', '10:00')])).toEqual([0, 1]);
    expect(firstOverlap([period('09:00', '09:30'), period('08:00', '18:00'), period('12:00', '13:00')])).toEqual([
      0, 1,
    ]);
  });
});
