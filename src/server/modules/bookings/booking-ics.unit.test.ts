import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc } from './booking-ics.ts';

const event = {
  uid: 'booking-0f8e7c1a-1111-4222-8333-444455556666@appui',
  start: new Date('2026-12-03T13:30:00.000Z'),
  end: new Date('2026-12-03T14:30:00.000Z'),
  stamp: new Date('2026-11-20T08:00:05.123Z'),
  summary: 'Appui : Sortir du burn-out avec Claire',
  description:
    'Séance « Sortir du burn-out » réservée sur Appui, avec un texte assez long pour devoir être plié; vraiment.\nDeuxième ligne',
  method: 'PUBLISH' as const,
};

describe('buildIcs', () => {
  const ics = buildIcs(event);

  it('uses CRLF line endings only', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes UTC times, the stable UID and the method', () => {
    expect(ics).toContain('\r\nDTSTART:20261203T133000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261203T143000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T080005Z\r\n');
    expect(ics).toContain(`\r\nUID:${event.uid}\r\n`);
    expect(ics).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  });

  it('folds every line to at most 75 octets and unfolds back to the escaped text', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${escapeIcsText(event.description)}\r\n`);
  });

  it('marks a cancellation', () => {
    const cancel = buildIcs({ ...event, method: 'CANCEL' });
    expect(cancel).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(cancel).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(cancel).toContain('\r\nSEQUENCE:1\r\n');
  });
});

describe('helpers', () => {
  it('formats instants as YYYYMMDDTHHMMSSZ', () => {
    expect(icsUtc(new Date('2027-03-28T01:00:00Z'))).toBe('20270328T010000Z');
  });

  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('never splits a multi-byte character when folding', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(80)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });
});
