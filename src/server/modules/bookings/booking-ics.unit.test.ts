import { describe, expect, it } from 'vitest';
import { buildIcs, type IcsEvent } from './booking-ics.ts';

/** One parsed content line: name, parameters, raw value. */
type IcsLine = { name: string; params: string[]; value: string };

/** Unfolds (RFC 5545 section 3.1) and splits the text into content lines. */
function parseIcs(ics: string): IcsLine[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      return { name, params, value: line.slice(colon + 1) };
    });
}

/** The value of a TEXT property with its escapes undone (RFC 5545 section 3.3.11). */
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (/n/i.test(c) ? '\n' : c));

function eventProps(ics: string): Map<string, IcsLine> {
  const lines = parseIcs(ics);
  const begin = lines.findIndex((l) => l.name === 'BEGIN' && l.value === 'VEVENT');
  const end = lines.findIndex((l) => l.name === 'END' && l.value === 'VEVENT');
  expect(begin).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(begin);
  return new Map(lines.slice(begin + 1, end).map((l) => [l.name, l]));
}

const event: IcsEvent = {
  uid: 'booking-0f8e7c1a-1111-4222-8333-444455556666@appui',
  start: new Date('2026-12-03T13:30:00.000Z'),
  end: new Date('2026-12-03T14:30:00.000Z'),
  stamp: new Date('2026-11-20T08:00:05.123Z'),
  summary: 'Appui : Sortir du burn-out, pas à pas; avec Claire',
  description: `Séance « Sortir du burn-out » réservée sur Appui, ${'é'.repeat(60)} 🙂🙂🙂 \\ fin.\nDeuxième ligne`,
  url: 'https://appui.example/dashboard?tab=bookings',
  method: 'PUBLISH',
};

describe('buildIcs', () => {
  const ics = buildIcs(event);

  it('is one VCALENDAR with CRLF line endings only, the last line included', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const names = parseIcs(ics).map((l) => l.name);
    expect(names.filter((n) => n === 'BEGIN')).toHaveLength(2);
  });

  it('maps the event: version, method, UID, sequence, UTC times, URL and status', () => {
    const calendar = new Map(parseIcs(ics).map((l) => [l.name, l.value]));
    expect(calendar.get('VERSION')).toBe('2.0');
    expect(calendar.get('METHOD')).toBe('PUBLISH');
    expect(calendar.get('PRODID')).toContain('Appui');
    const props = eventProps(ics);
    expect(props.get('UID')?.value).toBe(event.uid);
    expect(props.get('SEQUENCE')?.value).toBe('0');
    expect(props.get('DTSTAMP')?.value).toBe('20261120T080005Z');
    expect(props.get('DTSTART')?.value).toBe('20261203T133000Z');
    expect(props.get('DTEND')?.value).toBe('20261203T143000Z');
    expect(props.get('URL')?.value).toBe(event.url);
    expect(props.get('STATUS')?.value).toBe('CONFIRMED');
  });

  it('escapes commas, semicolons, backslashes and newlines so the texts read back unchanged', () => {
    const props = eventProps(ics);
    expect(props.get('SUMMARY')?.value).toContain('\\,');
    expect(props.get('SUMMARY')?.value).toContain('\\;');
    expect(unescapeText(props.get('SUMMARY')!.value)).toBe(event.summary);
    expect(unescapeText(props.get('DESCRIPTION')!.value)).toBe(event.description);
  });

  it('folds every line to at most 75 octets without splitting a character', () => {
    const physical = ics.split('\r\n');
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of physical) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A lone surrogate (half an emoji) would not survive a UTF-8 round trip.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
  });

  it('omits the URL when there is none', () => {
    expect(eventProps(buildIcs({ ...event, url: undefined })).has('URL')).toBe(false);
  });

  it('marks a cancellation with METHOD:CANCEL, a higher sequence and the same UID', () => {
    const cancel = buildIcs({ ...event, method: 'CANCEL' });
    expect(parseIcs(cancel).find((l) => l.name === 'METHOD')?.value).toBe('CANCEL');
    const props = eventProps(cancel);
    expect(props.get('STATUS')?.value).toBe('CANCELLED');
    expect(props.get('SEQUENCE')?.value).toBe('1');
    expect(props.get('UID')?.value).toBe(event.uid);
  });

  it('keeps an explicit sequence', () => {
    expect(eventProps(buildIcs({ ...event, sequence: 3 })).get('SEQUENCE')?.value).toBe('3');
  });
});
