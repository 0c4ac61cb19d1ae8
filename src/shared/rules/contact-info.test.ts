import { describe, expect, it } from 'vitest';
import { offers } from '../messages/offers.ts';
import { checkContactInfo, contactInfoError, contactKind, isMeetingHost } from './contact-info.ts';

describe('checkContactInfo', () => {
  it.each([
    '+33123456789',
    '+33 6 12 34 56 78',
    '+33-6-12-34-56-78',
    '+1 (415) 5550100',
    '+2126 12 34 56 78',
    '  +41791234567  ',
  ])('accepts the international phone %s', (value) => {
    expect(checkContactInfo(value)).toEqual({ ok: true, kind: 'phone', value: value.trim() });
  });

  it.each([
    'https://zoom.us/j/1234567890',
    'https://us02web.zoom.us/j/8765?pwd=abc',
    'https://meet.google.com/abc-defg-hij',
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting',
    'https://teams.live.com/meet/9391234',
    'HTTPS://ZOOM.US/j/1',
  ])('accepts the meeting link %s', (value) => {
    expect(checkContactInfo(value)).toMatchObject({ ok: true, kind: 'link' });
  });

  it.each(['', '   ', null, undefined])('requires a value (%j)', (value) => {
    expect(contactInfoError(value)).toBe(offers.contactRequired);
  });

  it.each([
    ['0612345678', 'no + prefix'],
    ['+0612345678', 'country code starting with 0'],
    ['+33 1', 'too short'],
    ['+3312345678901234567890', 'too long'],
    ['+33 6 12 34 56 78 ext', 'letters'],
    ['+33.6.12.34.56.78', 'dots'],
  ])('refuses the phone %s (%s) with the phone message', (value) => {
    expect(contactInfoError(value)).toBe(offers.contactInvalidPhone);
  });

  it.each([
    ['http://zoom.us/j/123', 'plain http'],
    ['https://zoom.us.evil.com/j/123', 'look-alike suffix'],
    ['https://evilzoom.us/j/123', 'look-alike prefix'],
    ['https://zoom.us@evil.com/j/123', 'userinfo trick'],
    ['https://user:pass@zoom.us/j/123', 'credentials'],
    ['https://evil.com/?next=https://zoom.us', 'allowed host only in the query'],
    ['https://evil.com\\@zoom.us', 'backslash trick'],
    ['https://meet.google.com.evil.org/x', 'look-alike Meet'],
    ['https://teams.microsoft.co/l/x', 'wrong top-level domain'],
    ['javascript:alert(1)//zoom.us', 'javascript scheme'],
    ['ftp://zoom.us/j/1', 'ftp scheme'],
    ['zoom.us/j/123', 'missing scheme'],
    ['www.zoom.us/j/1', 'missing scheme with www'],
    ['https://zoom.us/j/1 https://evil.com', 'spaces'],
    ['https://', 'empty host'],
  ])('refuses the link %s (%s) with the link message', (value) => {
    expect(contactInfoError(value)).toBe(offers.contactInvalidLink);
  });

  it.each(['appelez-moi', 'mon skype: jean', 'jean@exemple.fr'])(
    'refuses %s with the generic format message',
    (value) => {
      expect(contactInfoError(value)).toBe(offers.contactInvalidFormat);
    },
  );
});

describe('isMeetingHost', () => {
  it('compares on the dot boundary', () => {
    expect(isMeetingHost('zoom.us')).toBe(true);
    expect(isMeetingHost('us02web.zoom.us')).toBe(true);
    expect(isMeetingHost('evilzoom.us')).toBe(false);
    expect(isMeetingHost('zoom.us.evil.com')).toBe(false);
  });
});

describe('contactKind', () => {
  it('reads + and 00 prefixes as phones', () => {
    expect(contactKind('+33 6 12 34 56 78')).toBe('phone');
    expect(contactKind('0033612345678')).toBe('phone');
  });
  it('reads Zoom, Meet and Teams values as links', () => {
    expect(contactKind('https://us02web.zoom.us/j/1')).toBe('link');
    expect(contactKind('https://meet.google.com/abc')).toBe('link');
    expect(contactKind('https://teams.microsoft.com/l/x')).toBe('link');
  });
  it('answers null for anything else', () => {
    expect(contactKind('appelez-moi')).toBeNull();
    expect(contactKind('')).toBeNull();
  });
  it('falls back to the messaging contact-details rule (issue 10 section 2)', () => {
    expect(contactKind('06 12 34 56 78')).toBe('phone');
    expect(contactKind('06.12.34.56.78')).toBe('phone');
    expect(contactKind('https://whereby.com/jean')).toBe('link');
    expect(contactKind('www.exemple.fr/visio')).toBe('link');
  });
  it('answers null for details that are neither a phone nor a link', () => {
    expect(contactKind('jean@exemple.fr')).toBeNull();
    expect(contactKind('whatsapp')).toBeNull();
    expect(contactKind('le 12/03/2026 à 14h30')).toBeNull();
    expect(contactKind(null)).toBeNull();
  });
});
