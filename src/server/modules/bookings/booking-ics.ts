import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The iCalendar (RFC 5545) attachment of booking e-mails: one VEVENT in UTC. ical-generator does the
 * text escaping and the folding to 75 octets (issue 10 section 5: a maintained library rather than
 * hand-written text); this file only maps a booking's event onto it.
 */

export type IcsEvent = {
  /** Stable across updates so calendars replace the event instead of duplicating it. */
  uid: string;
  start: Date;
  end: Date;
  /** When this version of the event was produced (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  url?: string;
  /** PUBLISH for a confirmation or a reminder, CANCEL to remove the event. */
  method: 'PUBLISH' | 'CANCEL';
  sequence?: number;
};

const METHODS = { PUBLISH: ICalCalendarMethod.PUBLISH, CANCEL: ICalCalendarMethod.CANCEL } as const;

export function buildIcs(event: IcsEvent): string {
  const cancelled = event.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Appui', product: 'Reservations', language: 'FR' },
    method: METHODS[event.method],
  });
  calendar.createEvent({
    id: event.uid,
    // A cancellation must outrank the confirmation it removes (RFC 5545 section 3.8.7.4).
    sequence: event.sequence ?? (cancelled ? 1 : 0),
    stamp: event.stamp,
    start: event.start,
    end: event.end,
    summary: event.summary,
    description: event.description,
    url: event.url ?? null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // Every content line ends with CRLF, the last one included (RFC 5545 section 3.1).
  return `${calendar.toString()}\r\n`;
}
